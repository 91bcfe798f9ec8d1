import { useState } from 'react';
import { App } from 'antd';
import type { Operation } from '@shop/contract';
import { upload } from '../lib/api.js';

/**
 * One staff file import (batch shipping, the bank's payout results): the file goes up once, the server answers row by
 * row with a summary, and a refusal shows as a message. The screens draw the rows their own way.
 */
export function useFileImport<Row>(op: Operation, onDone: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ rows: Row[]; summary: string } | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    setResult(null);
    try {
      const reply = (await upload(op, [file], {} as never)) as unknown as { objs: Row[]; msg: string };
      setResult({ rows: reply.objs, summary: reply.msg });
      onDone();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, send, reset: () => setResult(null) };
}
