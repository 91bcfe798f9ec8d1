import { useEffect, useState } from 'react';
import { selConsumerOrders, STORE_ORDER_STATE } from '@shop/contract/retail-store';
import type { ScreenProps } from './store-app.js';
import { follow, storePath } from './store-nav.js';
import { PhoneConfirm } from './store-phone.js';
import { useConsumer } from './store-session.js';
import { ensureConsumer } from './store-start.js';
import { StoreState } from './store-state.js';
import { useStoreRead } from './use-store-read.js';

const FILTERS = [
  { label: '全部', state: undefined },
  { label: '待付款', state: STORE_ORDER_STATE.unpaid },
  { label: '待发货', state: STORE_ORDER_STATE.toShip },
  { label: '待收货', state: STORE_ORDER_STATE.shipped },
  { label: '已完成', state: STORE_ORDER_STATE.done },
] as const;

/** 我的订单: the consumer's VD orders (every store), newest first, by state; a confirmed phone finds them on any device. */
export default function StoreOrders({ shopId }: ScreenProps) {
  const me = useConsumer();
  const [signing, setSigning] = useState(!me.token);
  useEffect(() => {
    if (me.token) return;
    void ensureConsumer({ tapped: false }).finally(() => setSigning(false));
  }, [me.token]);
  const [filter, setFilter] = useState<number | undefined>(undefined);
  const [pages, setPages] = useState(1);
  const read = useStoreRead(selConsumerOrders, { state: filter, phonePage: { pageSize: 10 * pages, pageNum: 1 } }, !!me.token);
  if (!me.token) {
    return signing ? (
      <div className="store-skeleton" aria-busy="true" aria-label="加载中">
        <span />
        <span />
      </div>
    ) : (
      <div className="store-state" role="alert">
        <p>未能确认您的微信身份，请在微信中打开店铺链接后查看订单</p>
        <button type="button" className="store-button ghost" onClick={() => void ensureConsumer()}>
          重试
        </button>
      </div>
    );
  }
  return (
    <>
      <h1 className="store-section-title">我的订单</h1>
      {!me.phoneConfirmed && (
        <section className="store-section" aria-label="验证手机号">
          <PhoneConfirm intro="在其他手机下过单？验证下单时的手机号即可看到" />
        </section>
      )}
      <div className="store-chips" role="group" aria-label="订单状态">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={filter === f.state}
            onClick={() => {
              setFilter(f.state);
              setPages(1);
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      <StoreState read={read} isEmpty={(d) => d.objs.length === 0} empty="暂无订单">
        {(d) => (
          <>
            <ul className="store-list">
              {d.objs.map((o) => (
                <li key={o.id} className="store-section">
                  <a className="store-order-card" href={storePath(shopId, 'order', { id: o.id })} onClick={follow}>
                    <div className="store-order-head">
                      <span>{o.orderCode}</span>
                      <span className="store-state-tag">{o.stateText}</span>
                    </div>
                    <div className="store-line-spec">{o.storeName}</div>
                    {o.lines.slice(0, 2).map((l) => (
                      <div key={l.id} className="store-row">
                        <span>
                          {l.prodName} {l.specDispStr}
                        </span>
                        <span>×{l.buyNum}</span>
                      </div>
                    ))}
                    <div className="store-row">
                      <span>{o.createDate}</span>
                      <span>
                        实付 <strong className="store-price">¥{o.actualMoney}</strong>
                      </span>
                    </div>
                  </a>
                </li>
              ))}
            </ul>
            {d.obj.phonePage.pageTotal > 1 && (
              <button type="button" className="store-button ghost block" disabled={read.loading} onClick={() => setPages((p) => p + 1)}>
                {read.loading ? '加载中...' : '加载更多'}
              </button>
            )}
          </>
        )}
      </StoreState>
    </>
  );
}
