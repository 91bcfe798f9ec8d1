import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { STORE_ORDER_LABEL, STORE_ORDER_STATE, staffRefundStoreOrder, staffSelStoreOrders, staffShipStoreOrder } from '@shop/contract/retail-store';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { staffSession } from '../../lib/session.js';

const PAGE_SIZE = 20;
type Row = Awaited<ReturnType<typeof call<typeof staffSelStoreOrders>>>['objs'][number];

function ShipButton({ row }: { row: Row }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ logisticsName: string; waybillCode: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const reply = await call(staffShipStoreOrder, { id: row.id, logisticsName: v.logisticsName.trim(), waybillCode: v.waybillCode.trim() });
      message.success(reply.msg);
      setOpen(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '发货失败，请重试');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [staffSelStoreOrders.name] });
    }
  };
  return (
    <>
      <Button type="primary" size="small" onClick={() => setOpen(true)}>
        发货
      </Button>
      <Modal open={open} title={`发货 ${row.orderCode}`} okText="确认发货" confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>
          寄给顾客：{row.receiverName} {row.receiverPhone} {row.receiverAddress}（寄件人为总部）
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="logisticsName" label="物流公司" rules={[{ required: true, whitespace: true, message: '请输入物流公司' }]}>
            <Input maxLength={32} autoFocus />
          </Form.Item>
          <Form.Item name="waybillCode" label="运单号" rules={[{ required: true, pattern: /^[A-Za-z0-9-]{6,40}$/, message: '运单号应为6~40位字母或数字' }]}>
            <Input maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function RefundButton({ row }: { row: Row }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  const [form] = Form.useForm<{ reason: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    const payload = { id: row.id, reason: reason.trim() };
    setBusy(true);
    try {
      const reply = await call(staffRefundStoreOrder, { ...payload, idempotencyKey: intent.for(payload) });
      intent.done();
      message.success(`${reply.msg}：微信退回 ¥${reply.obj.refundMoney}，零售收入作废 ¥${reply.obj.incomeCancelled}，追回 ¥${reply.obj.incomeClawed}`);
      setOpen(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '退款失败，请重试');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [staffSelStoreOrders.name] });
    }
  };
  return (
    <>
      <Button danger size="small" onClick={() => setOpen(true)}>
        退款
      </Button>
      <Modal open={open} title={`整单退款 ${row.orderCode}`} okText="确认退款" okButtonProps={{ danger: true }} confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph>
          ¥{row.actualMoney} 原路退回顾客微信；代理商的零售收入 ¥{row.retailIncome}（{row.incomeStateText}）同时冲回{row.state === STORE_ORDER_STATE.toShip ? '，库存退回' : ''}。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label="退款原因" rules={[{ required: true, whitespace: true, message: '请输入退款原因' }, { max: 200, message: '退款原因不能超过200个字' }]}>
            <Input.TextArea maxLength={200} rows={3} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 店铺订单: consumers' VD orders of the agents' stores, shipped by the warehouse and refunded by finance (ADR 0038). */
export default function StoreOrdersPage() {
  const [state, setState] = useState<number | undefined>(3);
  const [orderCode, setOrderCode] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [staffSelStoreOrders.name, state, orderCode, pageNum],
    queryFn: () => call(staffSelStoreOrders, { state, orderCode: orderCode || undefined, phonePage: { pageSize: PAGE_SIZE, pageNum } }),
  });
  const mayShip = staffSession.may('staffShipStoreOrder');
  const mayRefund = staffSession.may('staffRefundStoreOrder');
  return (
    <Card title="店铺订单">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<string>
          value={String(state ?? 'all')}
          onChange={(v) => {
            setState(v === 'all' ? undefined : Number(v));
            setPageNum(1);
          }}
          options={[
            { label: '待发货', value: '3' },
            { label: '待收货', value: '4' },
            { label: '已完成', value: '5' },
            { label: '待付款', value: '1' },
            { label: '已退款', value: '8' },
            { label: '全部', value: 'all' },
          ]}
        />
        <Input.Search
          placeholder="订单编号 VD…"
          enterButton="查询"
          aria-label="按订单编号查询"
          style={{ width: 300 }}
          onSearch={(v) => {
            setOrderCode(v.trim());
            setPageNum(1);
          }}
        />
      </Space>
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        locale={{ emptyText: <span style={{ color: '#595959' }}>暂无店铺订单</span> }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: query.data?.obj.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          {
            title: '订单编号',
            key: 'code',
            width: 210,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.orderCode}</span>
                <Tag color="purple">{STORE_ORDER_LABEL}</Tag>
              </Space>
            ),
          },
          { title: '店铺 / 代理商', key: 'store', render: (_, r) => `${r.storeName} · ${r.agentName}` },
          { title: '商品', key: 'lines', render: (_, r) => r.lines.map((l) => `${l.prodName} ×${l.buyNum}`).join('，') },
          { title: '收货人', key: 'receiver', render: (_, r) => `${r.receiverName} ${r.maskedPhone}` },
          { title: '实付', dataIndex: 'actualMoney', align: 'right', render: (v: string) => `¥${v}` },
          { title: '零售收入', key: 'income', align: 'right', render: (_, r) => `¥${r.retailIncome} ${r.incomeStateText}` },
          { title: '状态', key: 'state', render: (_, r) => <Tag>{r.stateText}</Tag> },
          { title: '物流', key: 'parcel', render: (_, r) => (r.waybillCode ? `${r.logisticsName} ${r.waybillCode}` : '—') },
          { title: '下单时间', dataIndex: 'createDate', width: 160 },
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_, r) => (
              <Space>
                {mayShip && r.state === STORE_ORDER_STATE.toShip && <ShipButton row={r} />}
                {mayRefund && [3, 4, 5].includes(r.state) && <RefundButton row={r} />}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
