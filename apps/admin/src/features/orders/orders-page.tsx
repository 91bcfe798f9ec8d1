import { ORDER_PAY_TYPE_TEXT } from '@shop/contract/pay-codes';
import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { ORDER_STATE_TEXT } from '@shop/contract/orders';
import { exportOrders, searchOrders, type OrderSearchRow } from '@shop/contract/staff-orders-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { OrderDetailDrawer } from './order-detail-drawer.js';
import { saveBase64 } from '../../lib/save-file.js';
import { STATE_COLOR } from './order-text.js';

interface FilterFields {
  orderCode?: string;
  phone?: string;
  circulationState?: number;
  payType?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
  agent?: string;
  receiver?: string;
  waybill?: string;
  payDates?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = { orderCode?: string; phone?: string; circulationState?: number; payType?: number; from?: string; to?: string; agent?: string; receiver?: string; waybill?: string; payFrom?: string; payTo?: string };

const toFilters = (f: FilterFields): Filters => ({
  orderCode: f.orderCode?.trim() || undefined,
  phone: f.phone?.trim() || undefined,
  circulationState: f.circulationState ?? undefined,
  payType: f.payType ?? undefined,
  from: f.dates?.[0]?.format('YYYY-MM-DD'),
  to: f.dates?.[1]?.format('YYYY-MM-DD'),
  agent: f.agent?.trim() || undefined,
  receiver: f.receiver?.trim() || undefined,
  waybill: f.waybill?.trim() || undefined,
  payFrom: f.payDates?.[0]?.format('YYYY-MM-DD'),
  payTo: f.payDates?.[1]?.format('YYYY-MM-DD'),
});

const options = (texts: Readonly<Record<number, string>>) => Object.entries(texts).map(([value, label]) => ({ value: Number(value), label }));

/**
 * 订单查询 (ADR 0020): search by code (part), phone, state, pay type and date, and (ADR 0035) the agent's or the
 * receiver's name or phone (part), the waybill and the pay date; detail, close, refund, corrections, export.
 */
export default function OrdersPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterFields>();
  const [filters, setFilters] = useState<Filters>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const { tableProps, query } = usePagedOp<typeof searchOrders, OrderSearchRow>(searchOrders, filters);

  const exportList = async () => {
    setExporting(true);
    try {
      const reply = await call(exportOrders, filters);
      saveBase64(reply.obj.base64, reply.obj.fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      message.success(`已导出${reply.obj.rows}条订单`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败，请重试');
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<OrderSearchRow> = [
    {
      title: '订单编号',
      dataIndex: 'orderCode',
      key: 'orderCode',
      width: 220,
      render: (v: string, o) => (
        <Typography.Link onClick={() => setOpenId(o.id)} aria-label={`查看订单 ${v}`}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '下单时间', dataIndex: 'createDate', key: 'createDate', width: 170 },
    { title: '状态', key: 'state', width: 110, render: (_, o) => <Tag color={STATE_COLOR[o.circulationState]}>{ORDER_STATE_TEXT[o.circulationState] ?? o.circulationState}</Tag> },
    { title: '支付方式', key: 'payType', width: 130, render: (_, o) => ORDER_PAY_TYPE_TEXT[o.payType] ?? o.payType },
    { title: '实付金额', dataIndex: 'actualMoney', key: 'actualMoney', align: 'right', width: 110, render: (v: string) => `¥${v}` },
    { title: '代理商', key: 'agent', width: 160, render: (_, o) => `${o.createAgentName} ${o.createAgentTel}` },
    { title: '收货人', key: 'receiver', width: 170, render: (_, o) => `${o.receiverName} ${o.receiverPhone}` },
    { title: '操作', key: 'actions', fixed: 'right', width: 80, render: (_, o) => <Button size="small" onClick={() => setOpenId(o.id)}>详情</Button> },
  ];

  return (
    <Card title="订单查询">
      <Form form={form} layout="inline" onFinish={(f) => setFilters(toFilters(f))} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="orderCode" label="订单编号">
          <Input allowClear placeholder="订单编号（可输入一部分）" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ pattern: /^\d{11}$/, message: '请输入11位手机号' }]}>
          <Input allowClear placeholder="代理商或收货人" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="circulationState" label="状态">
          <Select allowClear placeholder="全部" options={options(ORDER_STATE_TEXT)} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="payType" label="支付方式">
          <Select allowClear placeholder="全部" options={options(ORDER_PAY_TYPE_TEXT)} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="dates" label="下单日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="agent" label="代理商">
          <Input allowClear maxLength={32} placeholder="姓名或手机号（部分）" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="receiver" label="收货人">
          <Input allowClear maxLength={32} placeholder="姓名或手机号（部分）" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="waybill" label="运单号">
          <Input allowClear maxLength={40} placeholder="运单号（部分）" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="payDates" label="支付日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            重置
          </Button>
          {staffSession.may('exportOrders') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
              导出
            </Button>
          )}
        </Space>
      </Form>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<OrderSearchRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 1200 }}
        columns={columns}
        locale={{ emptyText: query.error ? '加载失败' : '没有符合条件的订单' }}
        {...tableProps}
      />
      <OrderDetailDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
