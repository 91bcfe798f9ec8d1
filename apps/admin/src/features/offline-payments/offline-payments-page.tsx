import { useState } from 'react';
import { CHECK_STATE } from '@shop/contract/order-state';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Image, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { reviewOfflinePayment, selectPendingReviewOrders, type PendingReviewOrder } from '@shop/contract/staff';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { staffSession } from '../../lib/session.js';
import { ReviewModal } from '../../components/review-modal.js';
import { call } from '../../lib/api.js';
import { VoucherImages as Vouchers } from '../../components/vouchers.js';

const yuan = (v: string) => `¥${v}`;

/** The receipt awaiting review (the newest record of the order). */
const receiptOf = (o: PendingReviewOrder) => o.receiptRecords.find((r) => r.checkState === CHECK_STATE.pending) ?? o.receiptRecords[0];

const columns: TableColumnsType<PendingReviewOrder> = [
  { title: '订单编号', dataIndex: 'orderCode', key: 'orderCode', width: 210, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
  {
    title: '代理商',
    key: 'agent',
    width: 160,
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{o.createAgentName || '（未填写姓名）'}</Typography.Text>
        <Typography.Text type="secondary">{o.createAgentTel}</Typography.Text>
      </Space>
    ),
  },
  { title: '订单金额', dataIndex: 'actualMoney', key: 'actualMoney', align: 'right', width: 110, render: yuan },
  {
    title: '线下应付',
    key: 'offline',
    align: 'right',
    width: 150,
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{yuan(receiptOf(o)?.payMoney ?? o.offlinePayMoney)}</Typography.Text>
        {o.goodsPayMoney !== '0.00' && <Typography.Text type="secondary">货款已付 {yuan(o.goodsPayMoney)}</Typography.Text>}
        {o.awardPayMoney !== '0.00' && <Typography.Text type="secondary">总分已付 {yuan(o.awardPayMoney)}</Typography.Text>}
      </Space>
    ),
  },
  {
    title: '汇款与收款',
    key: 'accounts',
    width: 240,
    render: (_, o) => {
      const r = receiptOf(o);
      if (!r) return '—';
      return (
        <Space orientation="vertical" size={0}>
          <span>汇款人：{r.remitAccountName || '—'}</span>
          <Typography.Text type="secondary">
            收款：{r.receiveBankName} {r.receiveAccountNumber}
          </Typography.Text>
          {r.remark && <Typography.Text type="secondary">备注：{r.remark}</Typography.Text>}
        </Space>
      );
    },
  },
  {
    title: '凭证',
    key: 'vouchers',
    width: 180,
    render: (_, o) => {
      const urls = receiptOf(o)?.voucherImgUrls ?? [];
      if (!urls.length) return <Tag>无凭证</Tag>;
      return (
        <Image.PreviewGroup>
          <Space size={4} wrap>
            {urls.map((url, i) => (
              <Image key={url} src={url} width={48} height={48} style={{ objectFit: 'cover' }} alt={`${o.orderCode} 凭证${i + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    },
  },
  { title: '提交时间', key: 'submitted', width: 170, render: (_, o) => receiptOf(o)?.createDate ?? o.createDate },
];

/** 线下支付审核 (ADR 0020): orders whose offline payment awaits finance, oldest first, approved or rejected here. */
export default function OfflinePaymentsPage() {
  const queryClient = useQueryClient();
  const { tableProps, query, total } = usePagedOp<typeof selectPendingReviewOrders, PendingReviewOrder>(selectPendingReviewOrders, {}, { refetchInterval: 30_000 });
  const [deciding, setDeciding] = useState<{ order: PendingReviewOrder; approve: boolean } | null>(null);
  const mayReview = staffSession.may('reviewOfflinePayment');

  const actions: TableColumnsType<PendingReviewOrder>[number] = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 150,
    render: (_, o) => (
      <Space>
        <Button type="primary" size="small" onClick={() => setDeciding({ order: o, approve: true })} aria-label={`通过 ${o.orderCode}`}>
          通过
        </Button>
        <Button danger size="small" onClick={() => setDeciding({ order: o, approve: false })} aria-label={`驳回 ${o.orderCode}`}>
          驳回
        </Button>
      </Space>
    ),
  };

  return (
    <Card
      title={
        <Space>
          线下支付审核
          <Badge count={total} showZero color={total ? undefined : '#bbb'} overflowCount={999} />
        </Space>
      }
      extra={
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        核对银行到账与凭证后审核：通过后订单进入待发货；驳回后代理商可重新支付，已扣的货款与总分自动退回。点击凭证可放大查看。
      </Typography.Paragraph>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<PendingReviewOrder>
        rowKey="id"
        size="middle"
        scroll={{ x: 1400 }}
        columns={[...columns, ...(mayReview ? [actions] : [])]}
        locale={{ emptyText: query.error ? '加载失败' : '暂无待审核的线下支付' }}
        {...tableProps}
      />
      <ReviewModal
        decision={deciding && { id: deciding.order.id, approve: deciding.approve }}
        send={(d, { reason }) => call(reviewOfflinePayment, { orderId: d.id, approve: d.approve, reason })}
        titles={{ approve: '线下支付审核通过', reject: '驳回线下支付' }}
        approveNote="确认款项已到账、凭证无误？通过后订单进入待发货，不能撤回。"
        rejectHint="代理商会在订单详情中看到这段原因"
        rejectPlaceholder="例如：未查到该笔汇款，请核对后重新提交"
        summary={deciding && <OrderSummary order={deciding.order} />}
        onClose={() => setDeciding(null)}
        onDecided={() => queryClient.invalidateQueries({ queryKey: [selectPendingReviewOrders.name] })}
      />
    </Card>
  );
}

/** The order being decided, above the dialog's fields. */
function OrderSummary({ order: o }: { order: PendingReviewOrder }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'code', label: '订单编号', children: o.orderCode },
        { key: 'agent', label: '代理商', children: `${o.createAgentName} ${o.createAgentTel}` },
        { key: 'amount', label: '线下应付', children: <Typography.Text strong>¥{o.receiptRecords[0]?.payMoney ?? o.offlinePayMoney}</Typography.Text> },
        // ADR 0030: the dialog shows the voucher and both accounts
        ...(o.receiptRecords[0]
          ? [
              { key: 'remit', label: '打款账户', children: `${o.receiptRecords[0].remitAccountName} ${o.receiptRecords[0].remitAccountNumber}`.trim() || '—' },
              { key: 'receive', label: '收款账户', children: `${o.receiptRecords[0].receiveAccountName} ${o.receiptRecords[0].receiveAccountNumber} ${o.receiptRecords[0].receiveBankName}`.trim() || '—' },
              { key: 'voucher', label: '凭证', children: <Vouchers urls={o.receiptRecords[0].voucherImgUrls.join(',')} /> },
            ]
          : []),
      ]}
    />
  );
}
