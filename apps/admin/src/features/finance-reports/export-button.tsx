import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Operation, OpInput } from '@shop/contract/operation';
import { call } from '../../lib/api.js';
import { saveBase64 } from '../../lib/save-file.js';
import { staffSession } from '../../lib/session.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 导出: the report's export operation with the screen's filters, saved as the XLSX file the server named. */
export function ExportButton<O extends Operation>({ op, input, disabled, label = '导出 Excel' }: { op: O; input: OpInput<O>; disabled?: boolean; label?: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!staffSession.may(op.name)) return null;
  const run = async () => {
    setBusy(true);
    try {
      const reply = (await call(op, input)) as unknown as { obj: { base64: string; fileName: string; rows: number } };
      saveBase64(reply.obj.base64, reply.obj.fileName, XLSX);
      message.success(`已导出：${reply.obj.fileName}`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} onClick={run}>
      {label}
    </Button>
  );
}
