import { useState } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { selectOrdersToShip, type OrderToShip } from '@shop/contract/staff-orders-console';
import { STORE_ORDER_LABEL } from '@shop/contract/retail-store';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { staffSession } from '../../lib/session.js';
import { BatchShip } from './batch-ship.js';
import { ShipDrawer } from './ship-drawer.js';

/** The search's clear button at a 24px target (WCAG 2.5.8), antd's own icon inside. */
const CLEAR = {
  clearIcon: (
    <span style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 24, height: 24 }} aria-label="清除">
      <CloseCircleFilled />
    </span>
  ),
};

const columns: TableColumnsType<OrderToShip> = [
  {
    title: '订单编号',
    dataIndex: 'orderCode',
    key: 'orderCode',
    width: 230,
    render: (v: string, o) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text copyable>{v}</Typography.Text>
        {/* ADR 0042: a store's VD order, shipped to its consumer with headquarters as the sender. */}
        {o.kind === 'VD' && (
          <Tag color="purple" title="寄给顾客，寄件人为总部">
            {STORE_ORDER_LABEL}
          </Tag>
        )}
      </Space>
    ),
  },
  { title: '付款时间', key: 'payDate', width: 170, render: (_, o) => o.payDate ?? o.createDate },
  {
    title: '收货人',
    key: 'receiver',
    width: 280,
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        <span>
          {o.receiverName} {o.receiverPhone}
        </span>
        <Typography.Text type="secondary">{o.receiverFullAddress}</Typography.Text>
      </Space>
    ),
  },
  {
    title: '商品',
    key: 'lines',
    width: 260,
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        {o.lines.map((l, i) => (
          <span key={i}>
            {l.prodName} <Typography.Text type="secondary">{l.specDispStr}</Typography.Text> ×{l.buyNum}
          </span>
        ))}
      </Space>
    ),
  },
  { title: '代理商（店主）', key: 'agent', width: 150, render: (_, o) => `${o.createAgentName} ${o.createAgentTel}` },
  { title: '实付金额', dataIndex: 'actualMoney', key: 'actualMoney', align: 'right', width: 110, render: (v: string) => `¥${v}` },
  { title: '备注', dataIndex: 'orderNote', key: 'orderNote', width: 140, ellipsis: true },
];

/**
 * 待发货 (ADR 0020): paid orders the oldest payment first; ship one with its parcels, or many from a file. The stores' VD
 * orders wait in the same queue, tagged 门店订单, shipped with the same dialog and file (ADR 0042).
 */
export default function ShippingPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const filters = /^\d{11}$/.test(search) ? { phone: search } : { orderCode: search || undefined };
  const { tableProps, query, total } = usePagedOp<typeof selectOrdersToShip, OrderToShip>(selectOrdersToShip, filters, { refetchInterval: 30_000 });
  const [shipping, setShipping] = useState<OrderToShip | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: [selectOrdersToShip.name] });
  const actions: TableColumnsType<OrderToShip>[number] = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 90,
    render: (_, o) =>
      o.kind === 'VD' && !staffSession.may('staffShipStoreOrder') ? null : (
        <Button type="primary" size="small" onClick={() => setShipping(o)} aria-label={`发货 ${o.orderCode}`}>
          发货
        </Button>
      ),
  };

  return (
    <Card
      title={
        <Space>
          待发货
          <Badge count={total} showZero color={total ? undefined : '#bbb'} overflowCount={999} />
        </Space>
      }
      extra={
        <Space>
          <Input.Search allowClear={CLEAR} placeholder="订单编号或手机号" onSearch={(v) => setSearch(v.trim())} style={{ width: 240 }} />
          {staffSession.may('shipOrdersBatch') && <BatchShip onShipped={reload} />}
          <Button onClick={() => query.refetch()} loading={query.isFetching}>
            刷新
          </Button>
        </Space>
      }
    >
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<OrderToShip>
        rowKey={(o) => `${o.kind}-${o.id}`}
        size="middle"
        scroll={{ x: 1500 }}
        columns={[...columns, ...(staffSession.may('shipOrder') ? [actions] : [])]}
        locale={{ emptyText: query.error ? '加载失败' : '暂无待发货的订单' }}
        {...tableProps}
      />
      <ShipDrawer order={shipping} onClose={() => setShipping(null)} onShipped={reload} />
    </Card>
  );
}
