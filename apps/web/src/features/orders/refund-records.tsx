import type { OrderRefund } from '@shop/contract/orders';
import { priceText } from '../../lib/money.js';

/** Refunds of the order's WeChat payment (a payment that arrived after the order closed is refunded automatically). */
export function RefundRecords({ refunds }: { refunds: OrderRefund[] }) {
  return (
    <section className="card rows" aria-label="退款记录">
      <div className="card-title">退款记录</div>
      {refunds.map((r) => (
        <div className="refund-record" key={r.id}>
          <div className="row">
            <span>微信支付退款 {priceText(r.refundMoney)}</span>
            <span>{r.refundStateText}</span>
          </div>
          <div className="row">
            <span>{r.successDate ?? r.createDate}</span>
            <span className="order-info-value">{r.reason}</span>
          </div>
        </div>
      ))}
    </section>
  );
}
