import './my-store-section.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { selMyStore } from '@shop/contract/retail-store';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { priceText } from '../../lib/money.js';
import { classifyError, useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * spec 1 §3 /my: the agent's store section, only when headquarters enabled the store (ADR 0038): name and picture,
 * the link consumers open and a poster with its QR code, today's and this month's store orders and retail income,
 * and the ways to the settings and the store's orders. The link carries the store only, never the agent's session.
 */
export function MyStoreSection() {
  const store = useOp(selMyStore, {}, { refetchOnMount: 'always' });
  const [poster, setPoster] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  // Not enabled (or refused): no section at all; a failed request says so in one line with 重试.
  if (store.data && store.data.obj.enabled !== FLAG.yes) return null;
  if (store.isPending) return null;
  if (store.isError && !store.data) {
    const failure = classifyError(store.error);
    if (failure.kind === 'refused') return null;
    return (
      <p className="card my-shop-failed" role="alert">
        店铺信息加载失败：{failure.message}
        <button type="button" className="text-button" onClick={() => void store.refetch()} disabled={store.isRefetching}>
          {store.isRefetching ? '重试中...' : '重试'}
        </button>
      </p>
    );
  }
  return (
    <PageState query={store}>
      {({ obj: s }) => {
        const link = `${window.location.origin}${s.storePath}`;
        const makePoster = async () => {
          if (drawing) return;
          setDrawing(true);
          try {
            const { drawStorePoster } = await import('./store-poster.js');
            setPoster(await drawStorePoster({ storeName: s.storeName, greeting: s.greeting, imgUrl: s.storeImgUrl, link }));
          } catch {
            toast('海报生成失败，请点击重试');
          } finally {
            setDrawing(false);
          }
        };
        return (
          <section className="card my-shop" aria-labelledby="my-shop-title">
            <div className="my-shop-head">
              {s.storeImgUrl ? (
                <img className="my-shop-logo" src={s.storeImgUrl} alt="" />
              ) : (
                <span className="my-shop-logo" aria-hidden="true">
                  <ShopbagOutline />
                </span>
              )}
              <div className="my-shop-who">
                <h3 id="my-shop-title" className="my-section-title">
                  {s.storeName}
                </h3>
                <span className="my-shop-link" data-testid="my-store-link">
                  {link}
                </span>
              </div>
            </div>
            <dl className="my-shop-figures">
              <div>
                <dt>今日订单</dt>
                <dd>{s.today.orderCount}</dd>
              </div>
              <div>
                <dt>今日收益</dt>
                <dd>{priceText(s.today.retailIncome)}</dd>
              </div>
              <div>
                <dt>本月订单</dt>
                <dd>{s.month.orderCount}</dd>
              </div>
              <div>
                <dt>本月收益</dt>
                <dd>{priceText(s.month.retailIncome)}</dd>
              </div>
            </dl>
            <p className="my-shop-note">零售收益在顾客确认收货后解冻到总分，冻结中 {priceText(s.frozenIncome)}</p>
            <div className="my-shop-actions">
              <button type="button" className="my-shop-button" onClick={async () => toast((await copy(link)) ? '店铺链接已复制' : '复制失败，请长按链接手动复制')}>
                复制链接
              </button>
              <button type="button" className="my-shop-button" aria-busy={drawing} onClick={() => void makePoster()}>
                {drawing ? '生成中...' : '店铺海报'}
              </button>
            </div>
            {poster && (
              <figure className="my-shop-poster">
                <img src={poster} alt={`${s.storeName}的店铺海报，含进店二维码`} />
                <figcaption>长按图片保存到相册，或发送给顾客</figcaption>
              </figure>
            )}
            <Link to="/myStore" className="my-entry">
              <span className="my-entry-label">店铺设置</span>
              <RightOutline className="my-entry-arrow" />
            </Link>
            <Link to="/storeOrders" className="my-entry">
              <span className="my-entry-label">店铺订单</span>
              <RightOutline className="my-entry-arrow" />
            </Link>
          </section>
        );
      }}
    </PageState>
  );
}
