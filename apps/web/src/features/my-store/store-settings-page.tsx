import { useEffect, useState } from 'react';
import { saveMyStore, saveMyStoreProducts, selMyStore, selMyStoreProducts, STORE_MESSAGES } from '@shop/contract/retail-store';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadImgFile } from '@shop/contract/upload';
import { fenToYuan, yuanToFen } from '@shop/contract/fen';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { upload } from '../../lib/api.js';
import { priceText } from '../../lib/money.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import './my-store.css';

type Product = { singleProdId: number; prodName: string; specDispStr: string; imgUrl: string; gradePrice: string; minPrice: string; maxPrice: string; defaultPrice: string; retailPrice: string; shown: number };
interface Choice {
  shown: boolean;
  price: string;
}

const fenOf = (yuan: string): number | null => {
  try {
    return yuanToFen(yuan);
  } catch {
    return null;
  }
};

/**
 * The refusal a price meets (ADR 0038: within headquarters' band, never below the agent's own grade price), in the
 * server's words; null when it may be saved. The server checks again and refuses the whole save.
 */
export function priceRefusal(p: Pick<Product, 'gradePrice' | 'minPrice' | 'maxPrice'>, price: string): string | null {
  const fen = fenOf(price);
  if (fen === null || fen <= 0) return STORE_MESSAGES.priceRequired;
  const grade = yuanToFen(p.gradePrice);
  if (fen < grade) return STORE_MESSAGES.priceBelowGrade(p.gradePrice);
  if (fen < yuanToFen(p.minPrice)) return STORE_MESSAGES.priceBelowBand(p.minPrice);
  if (fen > yuanToFen(p.maxPrice)) return STORE_MESSAGES.priceAboveBand(p.maxPrice);
  return null;
}

/** /myStore: the store's name, picture and greeting; which retail products it shows and at what price (ADR 0038). */
export default function StoreSettingsPage() {
  const store = useOp(selMyStore, {}, { staleTime: 0 });
  return (
    <div className="page my-store-page">
      <PageState query={store}>
        {({ obj }) =>
          obj.enabled !== FLAG.yes ? (
            <p className="empty">{STORE_MESSAGES.storeNotEnabled}</p>
          ) : (
            <>
              <StoreInfoForm initial={obj} />
              <StoreProducts />
            </>
          )
        }
      </PageState>
    </div>
  );
}

function StoreInfoForm({ initial }: { initial: { storeName: string; storeImgUrl: string; greeting: string } }) {
  const [name, setName] = useState(initial.storeName);
  const [img, setImg] = useState(initial.storeImgUrl);
  const [greeting, setGreeting] = useState(initial.greeting);
  const [uploading, setUploading] = useState(false);
  const save = useOpMutation(saveMyStore, { invalidates: [selMyStore] });
  return (
    <section className="card" aria-labelledby="my-store-info">
      <h1 id="my-store-info" className="my-section-title">
        店铺信息
      </h1>
      <div className="form-row">
        <label className="form-label" htmlFor="store-name">
          店铺名称
        </label>
        <input id="store-name" className="text-input" maxLength={20} placeholder="请输入店铺名称" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="form-row my-store-image">
        <span className="form-label">店铺图片</span>
        {img ? <img src={img} alt="店铺图片" /> : <span className="muted">未设置，使用平台默认图片</span>}
        <label className="my-store-upload">
          {uploading ? '上传中...' : img ? '更换' : '上传'}
          <input
            type="file"
            accept="image/jpeg,image/png"
            aria-label="上传店铺图片"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (!['image/jpeg', 'image/png', 'image/jpg'].includes(file.type)) return void toast(UPLOAD_MESSAGES.type);
              if (file.size > UPLOAD_LIMITS.maxBytes) return void toast(UPLOAD_MESSAGES.size);
              setUploading(true);
              try {
                setImg((await upload(uploadImgFile, [file], { background: true })).obj);
              } catch {
                toast('图片上传失败，请重新选择');
              } finally {
                setUploading(false);
              }
            }}
          />
        </label>
      </div>
      <div className="form-row">
        <label className="form-label" htmlFor="store-greeting">
          欢迎语
        </label>
        <textarea id="store-greeting" className="text-input" rows={2} maxLength={100} placeholder="选填，顾客进店时看到" value={greeting} onChange={(e) => setGreeting(e.target.value)} />
      </div>
      <button
        type="button"
        className="primary-button"
        disabled={save.isPending || uploading}
        onClick={() => {
          const input = saveMyStore.input.safeParse({ storeName: name, storeImgUrl: img, greeting });
          if (!input.success) return void toast(input.error.issues[0]?.message ?? STORE_MESSAGES.nameRequired);
          save.mutate({ storeName: name, storeImgUrl: img, greeting }, { onSuccess: (r) => toast(r.msg) });
        }}
      >
        保存店铺信息
      </button>
    </section>
  );
}

function StoreProducts() {
  const products = useOp(selMyStoreProducts, {}, { staleTime: 0 });
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const save = useOpMutation(saveMyStoreProducts, { invalidates: [selMyStoreProducts, selMyStore] });
  const list = products.data?.objs;
  useEffect(() => {
    if (list) setChoices(Object.fromEntries(list.map((p) => [p.singleProdId, { shown: p.shown === FLAG.yes, price: p.retailPrice }])));
  }, [list]);
  return (
    <section className="card" aria-labelledby="my-store-products">
      <h2 id="my-store-products" className="my-section-title">
        店铺商品与零售价
      </h2>
      <p className="muted my-store-hint">勾选要在店铺展示的商品，零售价须在总部设置的区间内，且不低于您的进货价；每件收益 = 零售价 − 进货价。</p>
      <PageState query={products} isEmpty={(d) => d.objs.length === 0} empty="总部暂未开放零售商品">
        {(d) => (
          <>
            <ul className="my-store-list">
              {d.objs.map((p) => {
                const c = choices[p.singleProdId] ?? { shown: p.shown === FLAG.yes, price: p.retailPrice };
                const refusal = c.shown ? priceRefusal(p, c.price) : null;
                const fen = fenOf(c.price);
                const unit = fen === null || refusal ? null : fen - yuanToFen(p.gradePrice);
                const set = (patch: Partial<Choice>) => setChoices((all) => ({ ...all, [p.singleProdId]: { ...c, ...patch } }));
                const label = `${p.prodName} ${p.specDispStr}`.trim();
                return (
                  <li key={p.singleProdId} className="my-store-item">
                    <img src={p.imgUrl} alt="" />
                    <div className="my-store-item-body">
                      <label className="check-line">
                        <input type="checkbox" checked={c.shown} onChange={(e) => set({ shown: e.target.checked })} aria-label={`在店铺展示 ${label}`} />
                        <span>{label}</span>
                      </label>
                      <div className="my-store-band">
                        总部区间 {priceText(p.minPrice)} ~ {priceText(p.maxPrice)} · 进货价 {priceText(p.gradePrice)}
                      </div>
                      <div className="my-store-price">
                        <label htmlFor={`price-${p.singleProdId}`}>零售价 ¥</label>
                        <input
                          id={`price-${p.singleProdId}`}
                          className="text-input"
                          inputMode="decimal"
                          aria-label={`${label} 零售价`}
                          aria-invalid={refusal ? true : undefined}
                          aria-describedby={refusal ? `price-note-${p.singleProdId}` : undefined}
                          value={c.price}
                          onChange={(e) => set({ price: e.target.value.trim() })}
                        />
                      </div>
                      <div className="my-store-unit">每件收益 {unit === null || unit < 0 ? '--' : `¥${fenToYuan(unit)}`}</div>
                      {refusal && (
                        <p className="my-store-refusal" id={`price-note-${p.singleProdId}`} role="alert">
                          {refusal}
                        </p>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="primary-button"
              disabled={save.isPending}
              onClick={() => {
                const items = d.objs.map((p) => {
                  const c = choices[p.singleProdId] ?? { shown: p.shown === FLAG.yes, price: p.retailPrice };
                  return { p, shown: c.shown ? 1 : 0, retailPrice: c.price };
                });
                const bad = items.find((i) => i.shown === FLAG.yes && priceRefusal(i.p, i.retailPrice));
                if (bad) return void toast(`${bad.p.prodName}：${priceRefusal(bad.p, bad.retailPrice)}`);
                // A hidden spec keeps a price the server accepts: its own when valid, else headquarters' default.
                const payload = items.map((i) => ({
                  singleProdId: i.p.singleProdId,
                  shown: i.shown as 0 | 1,
                  retailPrice: i.shown === FLAG.yes || !priceRefusal(i.p, i.retailPrice) ? i.retailPrice : i.p.defaultPrice,
                }));
                save.mutate({ items: payload }, { onSuccess: (r) => toast(r.msg) });
              }}
            >
              保存商品设置
            </button>
          </>
        )}
      </PageState>
    </section>
  );
}
