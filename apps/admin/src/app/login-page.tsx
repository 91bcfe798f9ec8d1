import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { staffLogin } from '@shop/contract/staff';
import { ApiError, call } from '../lib/api.js';
import { staffSession } from '../lib/session.js';
import { homeOf } from './route-table.js';

interface Values {
  username: string;
  password: string;
  totpCode?: string;
}

/** Staff login: account and password, then the six-digit code when the member has bound an authenticator. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>((location.state as { reason?: string } | null)?.reason ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const res = await call(staffLogin, { username: v.username.trim(), password: v.password, totpCode: v.totpCode?.trim() || null });
      staffSession.set({ token: res.staffToken, staff: res.obj });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : homeOf(staffSession.may), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'TOTP_REQUIRED' || err.code === 'TOTP_WRONG')) setAskCode(true);
      setError(err instanceof Error ? err.message : '登录失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          代理商城 · 管理后台
        </Typography.Title>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
          </Form.Item>
          {askCode && (
            <Form.Item
              label="动态验证码"
              name="totpCode"
              extra="打开验证器 App，输入当前显示的6位数字"
              rules={[{ required: true, pattern: /^\d{6}$/, message: '动态验证码为6位数字' }]}
            >
              <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
