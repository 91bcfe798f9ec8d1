import { selectMyOrderRefunds, type AgentOrderRefund } from '@shop/contract/order-refunds';
import { PageState } from '../../components/page-state.js';
import { priceText } from '../../lib/money.js';
import { useOp } from '../../lib/query.js';

/** The parts of one refund, each back to the way it was paid (ADR 0034). */
function partsOf(r: AgentOrderRefund): string[] {
  const parts: string[] = [];
  if (r.storeAmount !== '0.00') parts.push(`退回货款 ${priceText(r.storeAmount)}`);
  if (r.incomeAmount !== '0.00') parts.push(`退回总分 ${priceText(r.incomeAmount)}`);
  if (r.wechatAmount !== '0.00') parts.push(`微信原路退回 ${priceText(r.wechatAmount)}（${r.wechatStateText}）`);
  if (r.offlineAmount !== '0.00') parts.push(`线下打款 ${priceText(r.offlineAmount)}（${r.payoutStateText}）`);
  if (r.points > 0) parts.push(`退回积分 ${r.points}`);
  if (r.giftPointsTaken > 0) parts.push(`收回赠送积分 ${r.giftPointsTaken}`);
  if (r.giftPointsShort > 0) parts.push(`赠送积分已使用，${r.giftPointsShort} 积分未能收回`);
  return parts;
}

/** 退款记录 of staff refunds on the order detail: what came back, where, and when. */
export function OrderRefundsSection({ orderId }: { orderId: number }) {
  const query = useOp(selectMyOrderRefunds, { orderId });
  return (
    <section className="card rows" aria-label="订单退款">
      <div className="card-title">订单退款</div>
      <PageState query={query} isEmpty={(reply) => reply.objs.length === 0} empty="暂无退款记录">
        {(reply) => (
          <>
            <div className="row">
              <span>{reply.obj.refundStateText}</span>
              <strong className="price">已退 {priceText(reply.obj.refundMoney)}</strong>
            </div>
            {reply.objs.map((r) => (
              <div className="refund-record" key={r.refundCode}>
                <div className="row">
                  <span>退款 {priceText(r.amount)}</span>
                  <span>{r.createDate}</span>
                </div>
                {partsOf(r).map((p) => (
                  <div className="row muted" key={p}>
                    <span>{p}</span>
                  </div>
                ))}
                <div className="row">
                  <span>退款原因</span>
                  <span className="order-info-value">{r.reason}</span>
                </div>
              </div>
            ))}
          </>
        )}
      </PageState>
    </section>
  );
}
