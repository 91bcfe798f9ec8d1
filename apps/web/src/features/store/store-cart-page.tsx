import type { ScreenProps } from './store-app.js';
import { cart, setBuyNow, useCart } from './store-cart.js';
import { yuanLabel } from './store-money.js';
import { follow, go, storePath } from './store-nav.js';
import { Stepper } from './store-stepper.js';

/** The consumer's cart in this store (kept on the phone); the server prices it again at checkout. */
export default function StoreCartPage({ shopId }: ScreenProps) {
  const lines = useCart(shopId);
  const total = lines.reduce((sum, l) => sum + l.price * l.buyNum, 0);
  if (lines.length === 0) {
    return (
      <div className="store-state">
        <p>购物车还是空的</p>
        <a className="store-button" href={storePath(shopId)} onClick={follow}>
          去逛逛
        </a>
      </div>
    );
  }
  return (
    <div className="with-actions">
      <h1 className="store-section-title">购物车</h1>
      <ul className="store-section store-list" aria-label="购物车商品">
        {lines.map((l) => (
          <li key={l.singleProdId} className="store-line">
            <img src={l.imgUrl} alt="" width={72} height={72} />
            <div className="store-line-body">
              <span className="store-line-name">{l.prodName}</span>
              <span className="store-line-spec">{l.specDispStr}</span>
              <div className="store-line-foot">
                <span className="store-price">{yuanLabel(l.price)}</span>
                <Stepper value={l.buyNum} label={`${l.prodName}数量`} onChange={(n) => cart.setCount(shopId, l.singleProdId, n)} />
              </div>
              <button type="button" className="store-text-button store-line-remove" onClick={() => cart.remove(shopId, [l.singleProdId])}>
                删除
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="store-actions">
        <span className="store-total">
          合计 <strong className="store-price">{yuanLabel(total)}</strong>
        </span>
        <button
          type="button"
          className="store-button warm"
          onClick={() => {
            setBuyNow(null);
            go(storePath(shopId, 'checkout'));
          }}
        >
          去结算
        </button>
      </div>
    </div>
  );
}
