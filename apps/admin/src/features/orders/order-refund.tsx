import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import {
  previewOrderRefund,
  refundOrder,
  selectOrderRefunds,
  type OrderRefundRecord,
} from '@shop/contract/order-refunds';
import { searchOrders, selectStaffOrderDetail } from '@shop/contract/staff-orders-console';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { staffSession } from '../../lib/session.js';
import { RefundFiguresView } from '../../components/refund-figures.js';

const yuan = (v: string) => `¥${v}`;

function useReload() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [selectStaffOrderDetail.name] });
    void queryClient.invalidateQueries({ queryKey: [selectOrderRefunds.name] });
    void queryClient.invalidateQueries({ queryKey: [searchOrders.name] });
  };
}

/** 退款 of a paid order: pick lines and quantities, see what goes back where, confirm with a reason. */
function RefundDialog({ orderId, orderCode, lines, onClose }: { orderId: number; orderCode: string; lines: { lineId: number; prodName: string; specDispStr: string; buyNum: number; refundNum: number; left: number }[]; onClose(): void }) {
  const { message } = App.useApp();
  const reload = useReload();
  const intent = useIntentKey();
  const [qty, setQty] = useState<Record<number, number>>(() => Object.fromEntries(lines.map((l) => [l.lineId, 0])));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const picked = useMemo(() => lines.filter((l) => (qty[l.lineId] ?? 0) > 0).map((l) => ({ lineId: l.lineId, qty: qty[l.lineId]! })), [lines, qty]);
  const preview = useQuery({
    queryKey: [previewOrderRefund.name, orderId, picked],
    queryFn: () => call(previewOrderRefund, { orderId, lines: picked }),
    enabled: picked.length > 0,
    retry: false,
  });
  const all = () => setQty(Object.fromEntries(lines.map((l) => [l.lineId, l.left])));
  const submit = async () => {
    if (!reason.trim()) {
      message.error('请输入退款原因');
      return;
    }
    const payload = { orderId, lines: picked, reason: reason.trim() };
    setBusy(true);
    try {
      const reply = await call(refundOrder, { ...payload, idempotencyKey: intent.for(payload) });
      intent.done();
      message.success(`${reply.msg}：${yuan(reply.obj.amount)}`);
      reload();
      onClose();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '退款失败，请重试');
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={880}
      title={`退款 · 订单 ${orderCode}`}
      okText="确认退款"
      okButtonProps={{ danger: true, disabled: picked.length === 0 || !preview.data || !reason.trim() }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="order-refund-body">
      <Typography.Paragraph>按原支付方式退回：货款、总分、积分立即到账；微信原路退回；线下支付生成财务打款任务。确认后不能撤回。</Typography.Paragraph>
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '商品', key: 'name', render: (_, l) => `${l.prodName} ${l.specDispStr}` },
          { title: '购买', dataIndex: 'buyNum', align: 'right', width: 70 },
          { title: '已退', dataIndex: 'refundNum', align: 'right', width: 70 },
          {
            title: '本次退款数量',
            key: 'qty',
            width: 150,
            render: (_, l) => (
              <InputNumber
                aria-label={`${l.prodName} 退款数量`}
                min={0}
                max={l.left}
                precision={0}
                disabled={l.left === 0}
                value={qty[l.lineId] ?? 0}
                onChange={(v) => setQty((q) => ({ ...q, [l.lineId]: Math.max(0, Math.min(l.left, Number(v ?? 0))) }))}
              />
            ),
          },
        ]}
      />
      <Space style={{ margin: '12px 0' }}>
        <Button onClick={all}>全部退款</Button>
        <Button onClick={() => setQty(Object.fromEntries(lines.map((l) => [l.lineId, 0])))}>清空</Button>
      </Space>
      {picked.length === 0 && <Alert type="info" showIcon message="请选择要退款的商品和数量" />}
      {preview.isFetching && <Skeleton active paragraph={{ rows: 3 }} />}
      {preview.error && <Alert type="error" showIcon message={preview.error.message} action={<Button size="small" onClick={() => preview.refetch()}>重试</Button>} />}
      {preview.data && !preview.isFetching && <RefundFiguresView f={preview.data.obj} />}
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label="退款原因" required>
          <Input.TextArea aria-label="退款原因" rows={2} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
      </div>
    </Modal>
  );
}

/** 售后退款 in the order drawer: the refunds made, and (finance, admin) the 退款 action while something is left. */
export function OrderRefunds({ orderId, orderCode }: { orderId: number; orderCode: string }) {
  const query = useQuery({ queryKey: [selectOrderRefunds.name, orderId], queryFn: () => call(selectOrderRefunds, { orderId }) });
  const [open, setOpen] = useState(false);
  const data = query.data;
  const may = staffSession.may('refundOrder');
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.error) return <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} />;
  if (!data) return null;
  return (
    <>
      {may && data.obj.refundable && (
        <Button danger onClick={() => setOpen(true)} style={{ marginBottom: 12 }}>
          退款
        </Button>
      )}
      <Table<OrderRefundRecord>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.objs}
        locale={{ emptyText: '没有退款记录' }}
        expandable={{ expandedRowRender: (r) => <RefundFiguresView f={r} /> }}
        columns={[
          { title: '退款单号', dataIndex: 'refundCode', width: 230 },
          { title: '金额', dataIndex: 'amount', align: 'right', render: yuan },
          { title: '类型', key: 'kind', render: (_, r) => (r.isFull ? <Tag color="red">全部</Tag> : <Tag color="orange">部分</Tag>) },
          { title: '微信', key: 'wechat', render: (_, r) => (r.wechatState === null ? '—' : `${yuan(r.wechatAmount)} ${r.wechatStateText}`) },
          { title: '线下', key: 'offline', render: (_, r) => (r.payoutState === null ? '—' : `${yuan(r.offlineAmount)} ${r.payoutStateText}`) },
          { title: '原因', dataIndex: 'reason' },
          { title: '操作人 / 时间', key: 'who', render: (_, r) => `${r.staffName} ${r.createDate}` },
        ]}
      />
      {open && <RefundDialog orderId={orderId} orderCode={orderCode} lines={data.obj.lines.filter((l) => !l.isGift)} onClose={() => setOpen(false)} />}
    </>
  );
}
