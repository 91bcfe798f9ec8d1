import type { OrderProductDetail } from '@shop/contract/orders';
import { priceText } from '../../lib/money.js';

/** spec 2 §3 order lines: image, name, spec, unit price (and exchange points) and quantity. */
export function OrderLines({ lines }: { lines: OrderProductDetail[] }) {
  return (
    <>
      {lines.map((l) => (
        <div className="order-line" key={l.id}>
          <img src={l.prodSingleProductBo.imgUrl} alt="" loading="lazy" />
          <div className="order-line-body">
            <div className="order-line-name">{l.prodSingleProductBo.prodName}</div>
            <div className="muted">{l.prodSingleProductBo.specDispStr}</div>
            <div className="order-line-price">
              {l.isFirstGift ? <span className="tag">赠品</span> : <span className="price">{priceText(l.prodSingleProductBo.finalPrice)}</span>}
              {l.prodPoint > 0 && <span className="muted"> + {l.prodPoint}积分</span>}
              <span className="muted"> ×{l.buyNum}</span>
            </div>
          </div>
        </div>
      ))}
    </>
  );
}
