import { ORDER_PAY_TYPE_TEXT } from '@shop/contract/pay-codes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, Image, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { ORDER_STATE_TEXT } from '@shop/contract/orders';
import { selectStaffOrderDetail, type StaffOrderDetail, type StaffWechatPayment } from '@shop/contract/staff-orders-console';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { CloseOrderButton, RefundButton } from './order-actions.js';
import { OrderRefunds } from './order-refund.js';
import { CorrectWaybillButton, OrderCorrectionActions } from './order-corrections.js';
import { CHECK_STATE_TEXT, CONFIRM_PAY_TEXT, STATE_COLOR } from './order-text.js';

const yuan = (v: string) => `¥${v}`;
type Detail = StaffOrderDetail;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function Summary({ d }: { d: Detail }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      items={[
        { key: 'state', label: '订单状态', children: <Tag color={STATE_COLOR[d.circulationState]}>{ORDER_STATE_TEXT[d.circulationState]}</Tag> },
        { key: 'payType', label: '支付方式', children: ORDER_PAY_TYPE_TEXT[d.payType] ?? d.payType },
        { key: 'actual', label: '实付金额', children: <Typography.Text strong>{yuan(d.actualMoney)}</Typography.Text> },
        { key: 'total', label: '商品 / 运费', children: `${yuan(d.totalMoney)} / ${yuan(d.postMoney)}` },
        { key: 'parts', label: '货款 / 总分 / 线下', children: `${yuan(d.goodsPayMoney)} / ${yuan(d.awardPayMoney)} / ${yuan(d.offlinePayMoney)}` },
        { key: 'points', label: '积分抵扣', children: `${d.actualPoint} 积分（${yuan(d.pointBalanceMoney)}）` },
        { key: 'agent', label: '代理商', children: `${d.createAgentName} ${d.createAgentTel}（${d.createAgentCode}）` },
        { key: 'confirm', label: '线下审核', children: `${CONFIRM_PAY_TEXT[d.confirmPayState] ?? '—'}${d.confirmRejectReason ? `：${d.confirmRejectReason}` : ''}` },
        { key: 'receiver', label: '收货人', children: `${d.receiverName} ${d.receiverPhone}` },
        { key: 'address', label: '收货地址', children: d.receiverFullAddress },
        { key: 'created', label: '下单时间', children: d.createDate },
        { key: 'paid', label: '支付时间', children: d.payDate ?? '—' },
        { key: 'sent', label: '发货时间', children: d.sendDate ?? '—' },
        { key: 'closed', label: '关闭', children: d.closeDate ? `${d.closeDate} ${d.closeReason ?? ''}` : '—' },
        { key: 'note', label: '订单备注', children: d.orderNote || '—', span: 2 },
      ]}
    />
  );
}

function Payments({ d }: { d: Detail }) {
  const mayRefund = staffSession.may('refundWechatPayment');
  return (
    <Table<StaffWechatPayment>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={d.payments}
      locale={{ emptyText: '没有微信支付记录' }}
      columns={[
        { title: '商户单号', dataIndex: 'outTradeNo', width: 220 },
        { title: '金额', dataIndex: 'amount', align: 'right', render: yuan },
        { title: '状态', dataIndex: 'stateText' },
        { title: '支付时间', dataIndex: 'paidDate', render: (v: string | null) => v ?? '—' },
        ...(mayRefund ? [{ title: '操作', key: 'refund', render: (_: unknown, p: StaffWechatPayment) => p.refundable && <RefundButton payment={p} /> }] : []),
      ]}
    />
  );
}

function Receipts({ d }: { d: Detail }) {
  if (!d.receiptRecords.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有线下支付记录" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {d.receiptRecords.map((r) => (
        <Descriptions
          key={r.id}
          size="small"
          bordered
          column={2}
          items={[
            { key: 'money', label: '金额', children: yuan(r.payMoney) },
            { key: 'state', label: '审核', children: `${CHECK_STATE_TEXT[r.checkState] ?? r.checkState}${r.checkRemark ? `：${r.checkRemark}` : ''}` },
            { key: 'remit', label: '汇款人', children: `${r.remitAccountName} ${r.remitAccountNumber}` },
            { key: 'receive', label: '收款账户', children: `${r.receiveBankName} ${r.receiveAccountNumber}` },
            { key: 'date', label: '提交时间', children: r.createDate },
            {
              key: 'vouchers',
              label: '凭证',
              children: (
                <Image.PreviewGroup>
                  <Space wrap>
                    {r.voucherImgUrls.map((u, i) => (
                      <Image key={u} src={u} width={64} height={64} style={{ objectFit: 'cover' }} alt={`凭证${i + 1}`} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ),
            },
          ]}
        />
      ))}
    </Space>
  );
}

function Body({ d }: { d: Detail }) {
  return (
    <>
      <Summary d={d} />
      <Section title="商品">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lines}
          columns={[
            { title: '商品', key: 'name', render: (_, l) => <>{l.prodName} {l.isFirstGift ? <Tag color="magenta">赠品</Tag> : null}</> },
            { title: '规格', dataIndex: 'specDispStr' },
            { title: '单价', dataIndex: 'prodDealPrice', align: 'right', render: yuan },
            { title: '数量', dataIndex: 'buyNum', align: 'right' },
            { title: '小计', dataIndex: 'prodAllMoney', align: 'right', render: yuan },
          ]}
        />
      </Section>
      <Section title="微信支付">
        <Payments d={d} />
      </Section>
      <Section title="线下支付">
        <Receipts d={d} />
      </Section>
      <Section title="包裹">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.parcels}
          locale={{ emptyText: '尚未发货' }}
          columns={[
            { title: '物流公司', dataIndex: 'logisticsName' },
            { title: '编码', dataIndex: 'shipperCode' },
            { title: '运单号', dataIndex: 'waybillCode', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
            { title: '发货时间', dataIndex: 'createDate' },
            { title: '操作', key: 'correct', render: (_: unknown, p: Detail['parcels'][number]) => <CorrectWaybillButton order={d} parcel={p} /> },
          ]}
        />
      </Section>
      <Section title="售后退款">
        <OrderRefunds orderId={d.id} orderCode={d.orderCode} />
      </Section>
      <Section title="微信退款">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.refunds}
          locale={{ emptyText: '没有退款' }}
          columns={[
            { title: '金额', dataIndex: 'refundMoney', align: 'right', render: yuan },
            { title: '状态', dataIndex: 'refundStateText' },
            { title: '原因', dataIndex: 'reason' },
            { title: '发起时间', dataIndex: 'createDate' },
            { title: '完成时间', dataIndex: 'successDate', render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Section>
      <Section title="订单日志">
        <Timeline
          items={d.logs.map((l) => ({
            key: l.id,
            color: STATE_COLOR[l.orderState] === 'default' ? 'gray' : 'green',
            content: (
              <>
                <Typography.Text strong>{l.optName}</Typography.Text> <Typography.Text type="secondary">{l.createDate} · {l.optBy}</Typography.Text>
                {l.optRemark && <div>{l.optRemark}</div>}
              </>
            ),
          }))}
        />
      </Section>
    </>
  );
}

/** The order's detail (ADR 0020): everything about it, and closing it while unpaid. */
export function OrderDetailDrawer({ orderId, onClose }: { orderId: number | null; onClose(): void }) {
  const query = useQuery({
    queryKey: [selectStaffOrderDetail.name, orderId],
    queryFn: () => call(selectStaffOrderDetail, { orderId: orderId! }),
    enabled: orderId !== null,
  });
  const d = query.data?.obj;
  return (
    <Drawer
      open={orderId !== null}
      title={d ? `订单 ${d.orderCode}` : '订单详情'}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={
        d ? (
          <Space>
            {d.canClose && staffSession.may('closeOrderByStaff') ? <CloseOrderButton order={d} /> : null}
            <OrderCorrectionActions order={d} />
          </Space>
        ) : null
      }
    >
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} />}
      {query.isLoading && <Skeleton active />}
      {d && <Body d={d} />}
    </Drawer>
  );
}
