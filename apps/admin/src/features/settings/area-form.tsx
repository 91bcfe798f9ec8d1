import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { saveSetting, SETTING_NAMES, TWO_KEY_SETTING_KEYS, type SettingKey, type Settings } from '@shop/contract/settings-console';
import { proposeSetting } from '@shop/contract/setting-proposals';
import { call } from '../../lib/api.js';

export const SETTINGS_QUERY = ['selectSettings'] as const;
export const PROPOSALS_QUERY = 'selectSettingProposals';

/**
 * One settings area as a form, prefilled from what selectSettings read; 保存 sends the area with the version it was read
 * at. The server's message is shown as it is (a lost race says to reload, and 重新加载 does).
 */
export function AreaForm<K extends SettingKey>(props: {
  area: K;
  settings: Settings;
  readOnly: boolean;
  children: ReactNode;
  /** Form values → the wire value (e.g. an empty amount becomes null). */
  toWire?: (values: Settings[K]) => unknown;
}) {
  const { area, settings, readOnly, children, toWire } = props;
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Settings[K]>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // ADR 0032: a two-key area is proposed here and applied when another finance/admin member approves it.
  const twoKeys = TWO_KEY_SETTING_KEYS.includes(area);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      // The whole store, not only the visible fields: list rows keep their ids (a kept upgrade rule, a kept account).
      const values = form.getFieldsValue(true) as Settings[K];
      const value = toWire ? toWire(values) : values;
      const input = { key: area, value, version: settings.versions[area] ?? 0 } as never;
      const reply = twoKeys ? await call(proposeSetting, input) : await call(saveSetting, input);
      message.success(`${SETTING_NAMES[area]}：${reply.msg}`);
      await client.invalidateQueries({ queryKey: SETTINGS_QUERY });
      await client.invalidateQueries({ queryKey: [PROPOSALS_QUERY] });
    } catch (err) {
      setError(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={settings[area] as object} onFinish={submit} disabled={readOnly} style={{ maxWidth: 1100 }}>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void client.invalidateQueries({ queryKey: SETTINGS_QUERY })}>
              重新加载
            </Button>
          }
        />
      )}
      {children}
      {!readOnly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {twoKeys ? '提交变更（需另一人复核）' : '保存'}
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            还原
          </Button>
        </Space>
      )}
    </Form>
  );
}
