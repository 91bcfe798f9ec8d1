import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { selectOrdersToShip, type OrderToShip } from '@shop/contract/staff-orders-console';
import { STORE_ORDER_STATE, staffSelStoreOrders } from '@shop/contract/retail-store';
import { call } from '../../lib/api.js';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { staffSession } from '../../lib/session.js';
import { BatchShip } from './batch-ship.js';
import { ShipDrawer } from './ship-drawer.js';

const columns: TableColumnsType<OrderToShip> = [
  { title: '订单编号', dataIndex: 'orderCode', key: 'orderCode', width: 210, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
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
  { title: '代理商', key: 'agent', width: 150, render: (_, o) => `${o.createAgentName} ${o.createAgentTel}` },
  { title: '实付金额', dataIndex: 'actualMoney', key: 'actualMoney', align: 'right', width: 110, render: (v: string) => `¥${v}` },
  { title: '备注', dataIndex: 'orderNote', key: 'orderNote', width: 140, ellipsis: true },
];

/** 待发货 (ADR 0020): paid orders the oldest payment first; ship one with its parcels, or many from a file. */
export default function ShippingPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const filters = /^\d{11}$/.test(search) ? { phone: search } : { orderCode: search || undefined };
  const { tableProps, query, total } = usePagedOp<typeof selectOrdersToShip, OrderToShip>(selectOrdersToShip, filters, { refetchInterval: 30_000 });
  const [shipping, setShipping] = useState<OrderToShip | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: [selectOrdersToShip.name] });
  // Store (VD) orders wait in the same morning's work, shipped to the consumer from their own page (ADR 0038).
  const mayStore = staffSession.may('staffSelStoreOrders');
  const storeWaiting = useQuery({
    queryKey: [staffSelStoreOrders.name, 'waiting'],
    queryFn: () => call(staffSelStoreOrders, { state: STORE_ORDER_STATE.toShip, phonePage: { pageSize: 1, pageNum: 1 } }),
    enabled: mayStore,
    refetchInterval: 30_000,
  });
  const storeCount = storeWaiting.data?.obj.total ?? 0;

  const actions: TableColumnsType<OrderToShip>[number] = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 90,
    render: (_, o) => (
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
          <Input.Search allowClear placeholder="订单编号或手机号" onSearch={(v) => setSearch(v.trim())} style={{ width: 240 }} />
          {staffSession.may('shipOrdersBatch') && <BatchShip onShipped={reload} />}
          <Button onClick={() => query.refetch()} loading={query.isFetching}>
            刷新
          </Button>
        </Space>
      }
    >
      <QueryError error={query.error} retry={() => query.refetch()} />
      {storeCount > 0 && (
        <Alert
          className="shipping-store-orders"
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`另有 ${storeCount} 个门店订单待发货（寄给顾客，寄件人为总部）`}
          action={<Link to="/store-orders">去发货</Link>}
        />
      )}
      <Table<OrderToShip>
        rowKey="id"
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
