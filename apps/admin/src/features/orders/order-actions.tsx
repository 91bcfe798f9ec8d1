import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import type { Operation, OpInput } from '@shop/contract/operation';
import { closeOrderByStaff, refundWechatPayment, searchOrders, selectStaffOrderDetail, type StaffOrderDetail, type StaffWechatPayment } from '@shop/contract/staff-orders-console';
import { call } from '../../lib/api.js';

interface ReasonAction {
  label: string;
  title: string;
  okText: string;
  intro: React.ReactNode;
  reasonLabel: string;
  max: number;
  op: Operation;
  payload(reason: string): unknown;
  danger?: boolean;
}

/** A button that asks for a required reason in a dialog, calls the operation, then reloads the order and the list. */
function ReasonButton({ a }: { a: ReasonAction }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: [selectStaffOrderDetail.name] });
    void queryClient.invalidateQueries({ queryKey: [searchOrders.name] });
  };
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      const reply = await call(a.op, a.payload(reason.trim()) as OpInput<Operation>);
      message.success(reply.msg);
      setOpen(false);
      reload();
    } catch (err) {
      // Refused by the server (already closed, refunded, paid meanwhile): say so and show the order as it is now.
      message.error(err instanceof Error ? err.message : '操作失败，请重试');
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger={a.danger} size={a.danger ? 'middle' : 'small'} onClick={() => setOpen(true)}>
        {a.label}
      </Button>
      <Modal open={open} title={a.title} okText={a.okText} okButtonProps={{ danger: true }} confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>{a.intro}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={a.reasonLabel}
            rules={[
              { required: true, whitespace: true, message: `请输入${a.reasonLabel}` },
              { max: a.max, message: `${a.reasonLabel}不能超过${a.max}个字` },
            ]}
          >
            <Input.TextArea rows={3} maxLength={a.max} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 关闭订单: an unpaid order, with the reason the agent will read; reserved goods fund, points and stock go back. */
export function CloseOrderButton({ order }: { order: StaffOrderDetail }) {
  return (
    <ReasonButton
      a={{
        label: '关闭订单',
        title: `关闭订单 ${order.orderCode}`,
        okText: '确认关闭',
        intro: '关闭后订单不能再支付；已预扣的货款、积分和库存会自动退回。代理商会在订单详情中看到关闭原因。',
        reasonLabel: '关闭原因',
        max: 200,
        op: closeOrderByStaff,
        payload: (reason) => ({ orderId: order.id, reason }),
        danger: true,
      }}
    />
  );
}

/** 退款: the whole WeChat payment goes back to the payer through WeChat Pay. */
export function RefundButton({ payment }: { payment: StaffWechatPayment }) {
  return (
    <ReasonButton
      a={{
        label: '退款',
        title: `退款 ¥${payment.amount}`,
        okText: '确认退款',
        intro: `将通过微信支付原路退回 ¥${payment.amount}（商户单号 ${payment.outTradeNo}），提交后不能撤回。`,
        reasonLabel: '退款原因',
        max: 80,
        op: refundWechatPayment,
        payload: (reason) => ({ paymentId: payment.id, reason }),
      }}
    />
  );
}
