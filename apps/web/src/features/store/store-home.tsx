import { useEffect } from 'react';
import type { ScreenProps } from './store-app.js';
import { follow, storePath } from './store-nav.js';
import { selStoreHome } from './store-ops.js';
import { StoreState } from './store-state.js';
import { useStoreRead } from './use-store-read.js';

/** The store's home (ADR 0038): the agent's store name, image and greeting, and the products with the agent's prices. */
export function StoreHome({ shopId }: ScreenProps) {
  const read = useStoreRead(selStoreHome, { shopId });
  const store = read.data?.obj;
  useEffect(() => {
    document.title = store?.storeName || '店铺';
  }, [store?.storeName]);
  return (
    <StoreState read={read}>
      {({ obj }) => (
        <>
          <header className="store-head">
            {obj.storeImgUrl ? (
              <img className="store-logo" src={obj.storeImgUrl} alt="" width={64} height={64} />
            ) : (
              <span className="store-logo" aria-hidden="true">
                {obj.storeName.slice(0, 1)}
              </span>
            )}
            <div className="store-head-text">
              <h1 className="store-name">{obj.storeName}</h1>
              {obj.greeting && <p className="store-greeting">{obj.greeting}</p>}
            </div>
          </header>
          {obj.products.length === 0 ? (
            <p className="store-state">店铺还没有上架商品，过几天再来看看吧</p>
          ) : (
            <section aria-label="店铺商品">
              <ul className="store-grid">
                {obj.products.map((p, i) => {
                  const prices = new Set(p.specs.map((s) => s.price));
                  const soldOut = p.specs.every((s) => s.stock <= 0);
                  return (
                    <li key={p.prodId}>
                      <a className="store-card" href={storePath(shopId, 'item', { prodId: p.prodId })} onClick={follow}>
                        <img src={p.imgUrl} alt="" width={171} height={171} loading={i < 4 ? 'eager' : 'lazy'} fetchPriority={i < 2 ? 'high' : 'auto'} />
                        <span className="store-card-name">{p.prodName}</span>
                        <span className="store-card-price">
                          ¥{p.price}
                          {prices.size > 1 && <small> 起</small>}
                          {soldOut && <small className="store-soldout"> 已售罄</small>}
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
    </StoreState>
  );
}
