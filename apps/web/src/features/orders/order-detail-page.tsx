import { useCallback, useEffect } from 'react';
import { ORDER_STATE, CONFIRM_PAY_STATE } from '@shop/contract/order-state';
import { useSearchParams } from 'react-router';
import { parseChinaTime } from '@shop/contract/china-time';
import { ORDER_MESSAGES, ORDER_STATE_TEXT, selectOrderInfoByOrderId, type OrderDetail } from '@shop/contract/orders';
import { PageState } from '../../components/page-state.js';
import { clockOffset, formatCountdown, useNow } from '../../lib/countdown.js';
import { priceText } from '../../lib/money.js';
import { useOp } from '../../lib/query.js';
import { OrderLines } from './order-lines.js';
import { PAY_TYPE_TEXT, receiverAddress } from './order-text.js';
import { ReceiptRecords } from './receipt-records.js';
import { RefundRecords } from './refund-records.js';
import { OrderRefundsSection } from './order-refunds-section.js';
import { ORDER_REFUND_STATE_TEXT, ORDER_REFUND_STATE } from '@shop/contract/order-refunds';
import { OrderHistory } from './order-history.js';
import { OrderAfterSale } from './order-after-sale.js';
import { OrderButtons, useOrderActions } from './use-order-actions.js';
import './orders.css';

const TIMED_OUT = 7;

/**
 * /ordersDetail?id (spec 2 §2): header, countdown to the automatic close, lines, offline receipts, reasons, actions.
 * A failed request shows why with a retry; only the server's refusal reads '订单不存在'.
 */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useOp(selectOrderInfoByOrderId, { id: valid ? id : 0 }, { enabled: valid });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (!valid) return <div className="page empty">{ORDER_MESSAGES.notFound}</div>;
  return (
    <div className="page order-detail-page">
      <PageState query={query}>{(reply) => <OrderDetailView order={reply.obj} reload={reload} />}</PageState>
    </div>
  );
}

function OrderDetailView({ order, reload }: { order: OrderDetail; reload: () => void }) {
  const actions = useOrderActions();
  const offset = clockOffset(order.serverTime);

  // spec 2 §4: the countdown runs from createDate + noPayChanelSet at the server's clock; at zero payment is
  // disabled and the order shows as closed by timeout (the server closes it when it is read again).
  const unpaid = order.circulationState === ORDER_STATE.unpaid && !!order.payDeadline;
  const now = useNow(unpaid) + offset;
  const left = unpaid ? parseChinaTime(order.payDeadline!) - now : null;
  const timedOut = left !== null && left <= 0;
  useEffect(() => {
    if (!timedOut) return;
    const timer = setTimeout(reload, 1000);
    return () => clearTimeout(timer);
  }, [timedOut, order, reload]);

  const state = timedOut ? TIMED_OUT : order.circulationState;
  const shown = timedOut ? { ...order, canPay: false, canClose: false } : order;
  const rows: [string, string | null][] = [
    ['订单编号', order.orderCode],
    ['下单时间', order.createDate],
    ['支付方式', PAY_TYPE_TEXT[order.payType] ?? null],
    ['支付时间', order.payDate],
    ['发货时间', order.sendDate],
    ['收货时间', order.receiptDate],
    ['关闭时间', order.closeDate],
    ['买家留言', order.orderNote || null],
  ];

  return (
    <>
      <section className={`card order-status state-${state}`} aria-label="订单状态">
        <div className="order-status-text">{ORDER_STATE_TEXT[state]}</div>
        {order.refundState === ORDER_REFUND_STATE.partial && <div className="order-reason">{ORDER_REFUND_STATE_TEXT[ORDER_REFUND_STATE.partial]}</div>}
        {left !== null && left > 0 && (
          <div className="order-countdown">
            剩余支付时间 <span role="timer">{formatCountdown(left)}</span>，超时订单将自动关闭
          </div>
        )}
        {timedOut && <div className="order-countdown">订单已超时，系统自动关闭</div>}
        {(state === ORDER_STATE.closed || state === TIMED_OUT) && order.closeReason && <div className="order-reason">关闭原因：{order.closeReason}</div>}
        {order.confirmPayState === CONFIRM_PAY_STATE.rejected && order.confirmRejectReason && (
          <div className="order-reason">线下支付被驳回：{order.confirmRejectReason}</div>
        )}
      </section>

      <section className="card order-receiver" aria-label="收货信息">
        <div className="address-who">
          <strong>{order.receiverName}</strong> <span>{order.receiverPhone}</span>
        </div>
        <div className="address-where">{receiverAddress(order)}</div>
      </section>

      <section className="card" aria-label="商品">
        <OrderLines lines={order.orderProductDetailBos} />
      </section>

      <section className="card rows" aria-label="金额">
        <div className="row">
          <span>商品金额</span>
          <span>{priceText(order.totalMoney)}</span>
        </div>
        <div className="row">
          <span>运费</span>
          <span>{priceText(order.postMoney)}</span>
        </div>
        {order.pointBalanceMoney !== '0.00' && (
          <div className="row">
            <span>积分抵扣（{order.balancePoint}积分）</span>
            <span>-{priceText(order.pointBalanceMoney)}</span>
          </div>
        )}
        {order.prodAllPoint > 0 && (
          <div className="row">
            <span>兑换积分</span>
            <span>{order.prodAllPoint}积分</span>
          </div>
        )}
        <div className="row">
          <span>实付金额</span>
          <strong className="price">{priceText(order.actualMoney)}</strong>
        </div>
      </section>

      <section className="card rows" aria-label="订单信息">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div className="row" key={label}>
              <span>{label}</span>
              <span className="order-info-value">{value}</span>
            </div>
          ))}
      </section>

      {order.orderReceiptRecordBos.length > 0 && <ReceiptRecords records={order.orderReceiptRecordBos} />}
      {order.refunds.length > 0 && <RefundRecords refunds={order.refunds} />}
      {order.refundState !== ORDER_REFUND_STATE.none && <OrderRefundsSection orderId={order.id} />}
      {([ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done] as number[]).includes(order.circulationState) && <OrderAfterSale orderId={order.id} />}
      {order.history && order.history.length > 0 && <OrderHistory history={order.history} />}

      <div className="order-detail-bar">
        <OrderButtons order={shown} actions={actions} />
      </div>
      {actions.popup}
    </>
  );
}
