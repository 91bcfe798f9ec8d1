import type { AfterSaleRow } from '@shop/contract/after-sale';
import { priceText } from '../../lib/money.js';

/** The lines of a request: image, name, spec, unit price and the quantity asked for. */
export function AfterSaleLines({ lines }: { lines: AfterSaleRow['lines'] }) {
  return (
    <>
      {lines.map((l) => (
        <div className="order-line" key={l.lineId}>
          <img src={l.prodImg} alt="" loading="lazy" />
          <div className="order-line-body">
            <div className="order-line-name">{l.prodName}</div>
            <div className="muted">{l.specDispStr}</div>
            <div className="order-line-price">
              <span className="price">{priceText(l.dealPrice)}</span>
              <span className="muted"> ×{l.qty}</span>
            </div>
          </div>
        </div>
      ))}
    </>
  );
}
