import { Link } from 'react-router';
import { getPendingPayment } from '../../lib/checkout.js';

/**
 * /payment (spec 2 §2) — the order just saved, waiting for payment. The payment methods, password and vouchers come
 * with the payment release; until then the order can be found under 我的订单.
 */
export default function PaymentPage() {
  const pending = getPendingPayment();
  if (!pending) {
    return (
      <div className="page empty">
        没有待支付的订单，<Link to="/orders">查看我的订单</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <section className="card rows">
        <div className="row">
          <span>订单编号</span>
          <span data-testid="order-code">{pending.orderCode}</span>
        </div>
        <div className="row">
          <span>订单金额</span>
          <strong className="price">¥{pending.actualMoney}</strong>
        </div>
        <div className="row">
          <span>运费</span>
          <span>¥{pending.postMoney}</span>
        </div>
      </section>
      <p className="muted center">订单已提交，在线支付即将开放，请稍后在“我的订单”中完成支付。</p>
    </div>
  );
}
