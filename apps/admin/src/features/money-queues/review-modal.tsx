import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { Operation, OpInput } from '@shop/contract/operation';
import { ApiError, call } from '../../lib/api.js';

/** What approving asks for: the payout reference (打款流水号), required (withdrawals) or optional (deposit refunds). */
export type PayoutField = 'required' | 'optional' | undefined;

export interface Decision {
  id: number;
  approve: boolean;
}

interface Props {
  decision: Decision | null;
  reviewOp: Operation;
  /** What is being decided, shown above the fields (agent, amount...). */
  summary: ReactNode;
  payout: PayoutField;
  onClose(): void;
  /** After a decision was answered (taken, or lost to another member): the queue reloads. */
  onDecided(): void;
}

interface Fields {
  reason?: string;
  payoutReference?: string;
}

/**
 * Approve / reject one item. A refusal by the server (another member decided it first, or it no longer exists) is shown
 * as the server says it, the dialog closes and the queue reloads; a network failure keeps the dialog to try again.
 */
export function ReviewModal({ decision, reviewOp, summary, payout, onClose, onDecided }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const approve = decision?.approve ?? true;

  useEffect(() => {
    if (decision) form.resetFields();
  }, [decision, form]);

  const submit = async () => {
    if (!decision) return;
    const fields = await form.validateFields();
    setBusy(true);
    try {
      const payload = { id: decision.id, approve, reason: fields.reason?.trim() ?? '', payoutReference: fields.payoutReference?.trim() ?? '' };
      const reply = await call(reviewOp, payload as OpInput<typeof reviewOp>);
      message.success(reply.msg || (approve ? '已通过' : '已驳回'));
      onClose();
      onDecided();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
      if (err instanceof ApiError && err.status === 200) {
        onClose();
        onDecided();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={decision !== null}
      title={approve ? '审核通过' : '驳回申请'}
      okText={approve ? '确认通过' : '确认驳回'}
      okButtonProps={{ danger: !approve }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {summary}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        {approve && payout && (
          <Form.Item
            name="payoutReference"
            label={payout === 'required' ? '打款流水号' : '打款流水号（选填）'}
            extra="已通过银行转账打款后，填写银行回单上的流水号"
            rules={[
              { required: payout === 'required', whitespace: true, message: '请输入打款流水号' },
              { max: 64, message: '打款流水号不能超过64位' },
            ]}
          >
            <Input placeholder="例如 BANK20261123001" maxLength={64} autoFocus />
          </Form.Item>
        )}
        {!approve && (
          <Form.Item
            name="reason"
            label="驳回原因"
            extra="代理商会在申请记录中看到这段原因"
            rules={[
              { required: true, whitespace: true, message: '请输入驳回原因' },
              { max: 200, message: '驳回原因不能超过200个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：打款凭证不清晰，请重新上传" autoFocus />
          </Form.Item>
        )}
        {approve && !payout && <p style={{ margin: 0 }}>确认已核对金额与凭证？通过后将立即入账，不能撤回。</p>}
      </Form>
    </Modal>
  );
}
