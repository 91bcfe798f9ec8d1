import { useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { saveStaff, STAFF_PASSWORD_RULE, type StaffMember } from '@shop/contract/staff-console';
import { STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@shop/contract/staff';
import { call } from '../../lib/api.js';

interface Values {
  username: string;
  displayName: string;
  role: StaffRole;
  enabled: boolean;
  password?: string;
  resetTotp: boolean;
  disabledReason?: string;
}

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_NAMES[r] }));

/** Create (member null) or edit a member: name, role, enabled, a new password, a reset of their authenticator. */
export function StaffDrawer({ member, open, onClose, onSaved }: { member: StaffMember | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const creating = !member;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      member
        ? { username: member.username, displayName: member.displayName, role: member.role as StaffRole, enabled: member.enabled, resetTotp: false }
        : { enabled: true, role: 'service', resetTotp: false },
    );
  }, [open, member, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      await call(saveStaff, {
        id: member?.id ?? null,
        username: v.username.trim(),
        displayName: v.displayName.trim(),
        role: v.role,
        enabled: v.enabled,
        password: v.password?.trim() || null,
        resetTotp: v.resetTotp,
        // ADR 0033: told to the member at login
        disabledReason: v.enabled ? null : v.disabledReason?.trim() || null,
      });
      message.success(creating ? '员工已创建' : '已保存');
      onSaved();
    } catch (err) {
      setError(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      title={creating ? '新增员工' : `编辑员工：${member.displayName}`}
      open={open}
      onClose={onClose}
      width={460}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }, { pattern: /^[A-Za-z0-9_.]{3,32}$/, message: '账号为3-32位字母、数字、下划线或点' }]}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item label="姓名" name="displayName" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]} extra="角色决定可用的菜单和操作；修改角色后该员工需重新登录。">
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后该员工立即退出登录且无法再登录。">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.enabled !== b.enabled}>
          {({ getFieldValue }) =>
            !getFieldValue('enabled') && (
              <Form.Item label="停用原因" name="disabledReason" extra="员工登录时会看到此原因；不填则提示「账号已停用，请联系管理员」。" rules={[{ max: 100, message: '停用原因不能超过100个字' }]}>
                <Input maxLength={100} placeholder="如：已离职" />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item
          label={creating ? '登录密码' : '重置密码'}
          name="password"
          extra={creating ? '至少8位，须同时包含字母和数字' : '留空则不修改；重置后该员工需用新密码重新登录'}
          rules={[
            { required: creating, message: '请设置登录密码' },
            { pattern: STAFF_PASSWORD_RULE, message: '密码至少8位，且须同时包含字母和数字' },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        {!creating && member.totpEnabled && (
          <Form.Item label="重置动态验证码" name="resetTotp" valuePropName="checked" extra="员工更换或丢失手机时使用：解除已绑定的验证器，下次登录后重新绑定。">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
