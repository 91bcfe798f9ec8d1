import { Link } from 'react-router';
import { selectAfterSaleOptions } from '@shop/contract/after-sale';
import { useOp } from '../../lib/query.js';

/**
 * The order's after-sales (ADR 0036): the open request's state with a link, else 申请售后 while the window allows
 * it; nothing while loading or when the order allows none (the reason shows on the apply screen).
 */
export function OrderAfterSale({ orderId }: { orderId: number }) {
  const query = useOp(selectAfterSaleOptions, { orderId }, { refetchOnMount: 'always' });
  const o = query.data?.obj;
  if (!o || (!o.openId && o.kinds.length === 0)) return null;
  return (
    <section className="card rows" aria-label="售后">
      <div className="row">
        <span>售后</span>
        {o.openId ? (
          <Link to={`/afterSaleDetail?id=${o.openId}`} className="text-button">
            售后{o.openStateText}，查看进度
          </Link>
        ) : (
          <Link to={`/afterSaleApply?orderId=${orderId}`} className="order-button main order-after-sale-apply">
            申请售后
          </Link>
        )}
      </div>
    </section>
  );
}
