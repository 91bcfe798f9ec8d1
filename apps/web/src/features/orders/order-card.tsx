import { Link } from 'react-router';
import { ORDER_STATE_TEXT, type OrderListItem } from '@shop/contract/orders';
import { ORDER_REFUND_STATE_TEXT, ORDER_REFUND_STATE } from '@shop/contract/order-refunds';
import { priceText } from '../../lib/money.js';
import { OrderLines } from './order-lines.js';
import { OrderButtons, type OrderActions } from './use-order-actions.js';

/** One order of the list: code, state, lines, amount, and the actions its state allows. */
export function OrderCard({ order, actions }: { order: OrderListItem; actions: OrderActions }) {
  const units = order.orderProductDetailBos.reduce((n, l) => n + l.buyNum, 0);
  return (
    <article className="card order-card" aria-label={`订单 ${order.orderCode}`}>
      <Link to={`/ordersDetail?id=${order.id}`} className="order-card-link">
        <div className="order-card-head">
          <span className="order-code">订单编号：{order.orderCode}</span>
          <span className={`order-state state-${order.circulationState}`}>
            {ORDER_STATE_TEXT[order.circulationState]}
            {order.refundState === ORDER_REFUND_STATE.partial && ` · ${ORDER_REFUND_STATE_TEXT[ORDER_REFUND_STATE.partial]}`}
          </span>
        </div>
        <OrderLines lines={order.orderProductDetailBos} />
        <div className="order-card-sum">
          共{units}件 合计：<span className="price">{priceText(order.actualMoney)}</span>
          {order.actualPoint > 0 && <span className="muted"> + {order.actualPoint}积分</span>}
          {order.postMoney !== '0.00' && <span className="muted">（含运费{priceText(order.postMoney)}）</span>}
        </div>
      </Link>
      <OrderButtons order={order} actions={actions} />
    </article>
  );
}
