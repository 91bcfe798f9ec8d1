import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { changeOwnStaffPassword } from '@shop/contract/staff-sessions';
import { STAFF_PASSWORD_RULE } from '@shop/contract/staff-console';
import { call } from '../../lib/api.js';

type Fields = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/**
 * 修改密码 (ADR 0033): the current password, the new one twice. The server checks the same rules and ends the member's
 * other sessions (other browsers log in again); this tab stays logged in.
 */
export function ChangePasswordCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: Fields) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await call(changeOwnStaffPassword, v);
      form.resetFields();
      const ended = reply.obj.endedSessions;
      message.success(ended ? `密码已修改，另外 ${ended} 个登录已退出，需用新密码重新登录` : '密码已修改，下次登录请使用新密码');
    } catch (err) {
      setError(err instanceof Error ? err.message : '修改失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <LockOutlined /> 修改密码
        </span>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }} requiredMark={false}>
        <Form.Item label="当前密码" name="oldPassword" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPassword"
          extra="至少8位，须同时包含字母和数字"
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: STAFF_PASSWORD_RULE, message: '新密码至少8位，且须同时包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致，请重新输入'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}
