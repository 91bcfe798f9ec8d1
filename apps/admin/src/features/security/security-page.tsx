import { useState, useSyncExternalStore } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, QRCode, Space, Steps, Tag, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { confirmTotpEnrolment, STAFF_ROLE_NAMES, startTotpEnrolment, type StaffRole } from '@shop/contract/staff';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { ChangePasswordCard } from './change-password-card.js';

/** 账号安全: whether an authenticator is bound; binding one (QR code and secret, then a code from the app). */
export default function SecurityPage() {
  const { message } = App.useApp();
  const session = useSyncExternalStore(staffSession.subscribe, staffSession.get);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const staff = session.staff;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment((await call(startTotpEnrolment, {})).obj);
    } catch (err) {
      setError(err instanceof Error ? err.message : '获取二维码失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (v: { totpCode: string }) => {
    setBusy(true);
    setError(null);
    try {
      const res = await call(confirmTotpEnrolment, { totpCode: v.totpCode.trim() });
      staffSession.update(res.obj);
      setEnrolment(null);
      message.success('动态验证码已绑定，下次登录时请输入验证器中的6位数字');
    } catch (err) {
      setError(err instanceof Error ? `${err.message}，请输入验证器当前显示的6位数字` : '绑定失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <Card title="账号信息">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="账号">{staff.username}</Descriptions.Item>
          <Descriptions.Item label="姓名">{staff.displayName}</Descriptions.Item>
          <Descriptions.Item label="角色">{STAFF_ROLE_NAMES[staff.role as StaffRole] ?? staff.role}</Descriptions.Item>
          <Descriptions.Item label="动态验证码">
            {staff.totpEnabled ? <Tag color="green">已绑定</Tag> : <Tag color="orange">未绑定</Tag>}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={<Space><SafetyOutlined />动态验证码（二次验证）</Space>}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        {!enrolment ? (
          <Space direction="vertical">
            <Typography.Paragraph>
              {staff.totpEnabled
                ? '已绑定验证器。登录时除密码外还需输入验证器中的6位数字。更换手机时可重新绑定：新验证器确认后，旧的即失效。'
                : '绑定后登录时除密码外还需输入验证器（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）中的6位数字。管理员和财务必须绑定。'}
            </Typography.Paragraph>
            <Button type="primary" onClick={start} loading={busy}>
              {staff.totpEnabled ? '重新绑定验证器' : '绑定验证器'}
            </Button>
          </Space>
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Steps size="small" current={1} items={[{ title: '扫描二维码' }, { title: '输入6位数字' }]} />
            <Space align="start" size={32}>
              <QRCode value={enrolment.otpauthUri} size={180} aria-label="验证器二维码" />
              <Space direction="vertical">
                <Typography.Text>用验证器 App 扫描左侧二维码；无法扫描时手动输入密钥：</Typography.Text>
                <Typography.Text code copyable data-testid="totp-secret">
                  {enrolment.secret}
                </Typography.Text>
              </Space>
            </Space>
            <Form layout="inline" onFinish={confirm}>
              <Form.Item label="动态验证码" name="totpCode" rules={[{ required: true, pattern: /^\d{6}$/, message: '动态验证码为6位数字' }]}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 140 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                确认绑定
              </Button>
              <Button onClick={() => setEnrolment(null)}>取消</Button>
            </Form>
          </Space>
        )}
      </Card>
      <ChangePasswordCard />
    </Space>
  );
}
