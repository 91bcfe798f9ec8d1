import { useState } from 'react';
import { selStoreProduct } from '@shop/contract/retail-store';
import { toast } from '../../lib/toast.js';
import type { ScreenProps } from './store-app.js';
import { cart, setBuyNow, type CartLine } from './store-cart.js';
import { yuanFen } from './store-money.js';
import { go, storePath } from './store-nav.js';
import { StoreState } from './store-state.js';
import { Stepper } from './store-stepper.js';
import { useStoreRead } from './use-store-read.js';

/** A product of the store: pictures, the agent's price per spec, the spec and count, 加入购物车 / 立即购买. */
export default function StoreItem({ shopId, query }: ScreenProps) {
  const prodId = Number(query.get('prodId'));
  const valid = Number.isInteger(prodId) && prodId > 0;
  const read = useStoreRead(selStoreProduct, { shopId, prodId }, valid);
  const [picked, setPicked] = useState<number | null>(null);
  const [count, setCount] = useState(1);
  if (!valid) return <p className="store-state">商品不存在，请返回店铺重新选择</p>;
  return (
    <StoreState read={read}>
      {({ obj: p }) => {
        const inStock = p.specs.filter((s) => s.stock > 0);
        const spec = p.specs.find((s) => s.singleProdId === picked) ?? (p.specs.length === 1 ? p.specs[0] : undefined);
        const images = p.images.length ? p.images : [p.imgUrl];
        const line = (): CartLine | null => {
          if (!spec) {
            toast('请选择规格');
            return null;
          }
          if (spec.stock < count) {
            toast(spec.stock <= 0 ? '该规格已售罄，请选择其他规格' : `库存仅剩${spec.stock}件，请减少数量`);
            return null;
          }
          return { prodId: p.prodId, singleProdId: spec.singleProdId, prodName: p.prodName, specDispStr: spec.specDispStr, imgUrl: spec.imgUrl || p.imgUrl, price: yuanFen(spec.price), buyNum: count };
        };
        return (
          <div className="with-actions">
            <div className="store-gallery" aria-label="商品图片">
              {images.map((src, i) => (
                <img key={src + i} src={src} alt={i === 0 ? p.prodName : `${p.prodName} 图${i + 1}`} width={351} height={351} />
              ))}
            </div>
            <section className="store-section">
              <div className="store-item-price">¥{spec?.price ?? p.price}</div>
              <h1 className="store-item-name">{p.prodName}</h1>
            </section>
            <section className="store-section">
              <fieldset className="store-specs">
                <legend>规格</legend>
                {p.specs.map((s) => (
                  <label key={s.singleProdId} className="store-spec">
                    <input
                      type="radio"
                      name="spec"
                      checked={spec?.singleProdId === s.singleProdId}
                      disabled={s.stock <= 0}
                      onChange={() => setPicked(s.singleProdId)}
                    />
                    <span>
                      {s.specDispStr || '默认'} ¥{s.price}
                      {s.stock <= 0 ? '（已售罄）' : ''}
                    </span>
                  </label>
                ))}
              </fieldset>
              <div className="store-row">
                <span>数量</span>
                <Stepper value={count} max={spec?.stock || 1} label="购买数量" onChange={setCount} />
              </div>
            </section>
            {p.detail && (
              <section className="store-section">
                <h2 className="store-section-title">商品详情</h2>
                <div className="store-rich" dangerouslySetInnerHTML={{ __html: p.detail }} />
              </section>
            )}
            <div className="store-actions">
              <button
                type="button"
                className="store-button ghost"
                disabled={inStock.length === 0}
                onClick={() => {
                  const l = line();
                  if (!l) return;
                  cart.add(shopId, l);
                  toast('已加入购物车');
                }}
              >
                加入购物车
              </button>
              <button
                type="button"
                className="store-button warm"
                disabled={inStock.length === 0}
                onClick={() => {
                  const l = line();
                  if (!l) return;
                  setBuyNow(l);
                  go(storePath(shopId, 'checkout', { from: 'now' }));
                }}
              >
                {inStock.length === 0 ? '已售罄' : '立即购买'}
              </button>
            </div>
          </div>
        );
      }}
    </StoreState>
  );
}
