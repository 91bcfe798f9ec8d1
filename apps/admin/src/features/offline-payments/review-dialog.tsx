import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { reviewOfflinePayment, type PendingReviewOrder } from '@shop/contract/staff';
import { ApiError, call } from '../../lib/api.js';

interface Props {
  deciding: { order: PendingReviewOrder; approve: boolean } | null;
  onClose(): void;
  /** After an answer (taken, or lost to another member): the queue reloads. */
  onDecided(): void;
}

/**
 * Approve or reject one offline payment. A refusal by the server (another member decided first) is shown as the
 * server says it and the queue reloads; a network failure keeps the dialog open to try again.
 */
export function ReviewDialog({ deciding, onClose, onDecided }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const approve = deciding?.approve ?? true;
  const o = deciding?.order;

  useEffect(() => {
    if (deciding) form.resetFields();
  }, [deciding, form]);

  const submit = async () => {
    if (!o) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      const reply = await call(reviewOfflinePayment, { orderId: o.id, approve, reason: reason?.trim() ?? '' });
      message.success(reply.msg || (approve ? '审核通过' : '已驳回'));
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
      open={deciding !== null}
      title={approve ? '线下支付审核通过' : '驳回线下支付'}
      okText={approve ? '确认通过' : '确认驳回'}
      okButtonProps={{ danger: !approve }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {o && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'code', label: '订单编号', children: o.orderCode },
            { key: 'agent', label: '代理商', children: `${o.createAgentName} ${o.createAgentTel}` },
            { key: 'amount', label: '线下应付', children: <Typography.Text strong>¥{o.receiptRecords[0]?.payMoney ?? o.offlinePayMoney}</Typography.Text> },
          ]}
        />
      )}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        {approve ? (
          <p style={{ margin: 0 }}>确认款项已到账、凭证无误？通过后订单进入待发货，不能撤回。</p>
        ) : (
          <Form.Item
            name="reason"
            label="驳回原因"
            extra="代理商会在订单详情中看到这段原因"
            rules={[
              { required: true, whitespace: true, message: '请输入驳回原因' },
              { max: 200, message: '驳回原因不能超过200个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：未查到该笔汇款，请核对后重新提交" autoFocus />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
