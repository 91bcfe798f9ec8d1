import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { ApiError } from '../lib/api.js';

/** What approving asks for: the payout reference (打款流水号), required (withdrawals) or optional (deposit refunds). */
export type PayoutField = 'required' | 'optional' | undefined;

export interface Decision {
  id: number;
  approve: boolean;
}

export interface ReviewFields {
  reason: string;
  payoutReference: string;
}

interface Props {
  decision: Decision | null;
  /** Sends the decision (the review operation of the queue); answers the server's message. */
  send(decision: Decision, fields: ReviewFields): Promise<{ msg?: string }>;
  /** What is being decided, shown above the fields (agent, amount...). */
  summary: ReactNode;
  payout?: PayoutField;
  /** What approving means, shown when there is nothing to fill in. */
  approveNote?: string;
  /** Where the agent reads a rejection's reason. */
  rejectHint?: string;
  rejectPlaceholder?: string;
  titles?: { approve: string; reject: string };
  onClose(): void;
  /** After a decision was answered (taken, or lost to another member): the queue reloads. */
  onDecided(): void;
}

interface Fields {
  reason?: string;
  payoutReference?: string;
}

/**
 * Approve / reject one item of a review queue (offline payments, top-ups, withdrawals, deposits). A refusal by the server (another member decided it first, or it no longer exists) is shown
 * as the server says it, the dialog closes and the queue reloads; a network failure keeps the dialog to try again.
 */
export function ReviewModal(props: Props) {
  const { decision, send, summary, payout, onClose, onDecided } = props;
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
      const reply = await send(decision, { reason: fields.reason?.trim() ?? '', payoutReference: fields.payoutReference?.trim() ?? '' });
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
      title={approve ? (props.titles?.approve ?? '审核通过') : (props.titles?.reject ?? '驳回申请')}
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
            extra={props.rejectHint ?? '代理商会在申请记录中看到这段原因'}
            rules={[
              { required: true, whitespace: true, message: '请输入驳回原因' },
              { max: 200, message: '驳回原因不能超过200个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={props.rejectPlaceholder ?? '例如：打款凭证不清晰，请重新上传'} autoFocus />
          </Form.Item>
        )}
        {approve && !payout && <p style={{ margin: 0 }}>{props.approveNote ?? '确认已核对金额与凭证？通过后将立即入账，不能撤回。'}</p>}
      </Form>
    </Modal>
  );
}
