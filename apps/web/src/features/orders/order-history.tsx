import type { OrderDetail } from '@shop/contract/orders';

type HistoryEntry = NonNullable<OrderDetail['history']>[number];

/**
 * The order's history, newest first (ADR 0035): its steps, and what staff corrected for the agent
 * (「物流单号已更正」「收货地址已修改」), each with its time.
 */
export function OrderHistory({ history }: { history: HistoryEntry[] }) {
  return (
    <section className="card rows" aria-label="订单记录">
      <div className="card-title">订单记录</div>
      <ol className="order-history">
        {[...history].reverse().map((h, i) => (
          <li className="refund-record" key={`${h.createDate}-${i}`}>
            <div className="row">
              <span>{h.title}</span>
              <span>{h.createDate}</span>
            </div>
            {h.remark && <div className="order-history-remark">{h.remark}</div>}
          </li>
        ))}
      </ol>
    </section>
  );
}
