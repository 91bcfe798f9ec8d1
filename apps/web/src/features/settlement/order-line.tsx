import type { Preview } from './use-settlement.js';

/** One line of the settlement (a gift shows 赠品 instead of a price). */
export function OrderLine({ line }: { line: Preview['lines'][number] }) {
  return (
    <div className="order-line">
      <img src={line.imgUrl} alt="" />
      <div className="order-line-body">
        <div className="order-line-name">{line.prodName}</div>
        <div className="muted">{line.specDispStr}</div>
        <div className="order-line-price">
          {line.isFirstGift ? <span className="tag">赠品</span> : <span className="price">¥{line.finalPrice}</span>}
          {line.prodPoint > 0 && <span className="muted"> + {line.prodPoint}积分</span>}
          <span className="muted"> ×{line.buyNum}</span>
        </div>
      </div>
    </div>
  );
}
