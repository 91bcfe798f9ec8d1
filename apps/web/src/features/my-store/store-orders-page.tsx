import { useState } from 'react';
import type * as z from 'zod/mini';
import { selMyStoreOrders, STORE_ORDER_STATE, type storeOrderRow } from '@shop/contract/retail-store';
import { opPages, PagedList } from '../../components/paged-list.js';
import { priceText } from '../../lib/money.js';
import { opKey } from '../../lib/query.js';
import './my-store.css';

type Row = z.output<typeof storeOrderRow>;

const TABS = [
  { title: '全部', state: undefined },
  { title: '待发货', state: STORE_ORDER_STATE.toShip },
  { title: '待收货', state: STORE_ORDER_STATE.shipped },
  { title: '已完成', state: STORE_ORDER_STATE.done },
  { title: '已退款', state: STORE_ORDER_STATE.refunded },
] as const;

/** /storeOrders: the store's VD orders (ADR 0038): state, the consumer's masked phone, the parcel and the retail income. */
export default function StoreOrdersPage() {
  const [state, setState] = useState<number | undefined>(undefined);
  return (
    <div className="page my-store-page">
      <div className="my-store-tabs" role="tablist" aria-label="店铺订单状态">
        {TABS.map((t) => (
          <button key={t.title} type="button" role="tab" aria-selected={t.state === state} onClick={() => setState(t.state)}>
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.state === state)?.title}>
        <PagedList<Row>
          queryKey={opKey(selMyStoreOrders, { state } as never)}
          fetchPage={opPages(selMyStoreOrders, (pageNum) => ({ state, phonePage: { pageSize: 10, pageNum } }))}
          keyOf={(o) => o.id}
          render={(o) => <StoreOrderCard order={o} />}
          empty="暂无店铺订单，把店铺链接或海报分享给顾客吧"
        />
      </div>
    </div>
  );
}

function StoreOrderCard({ order: o }: { order: Row }) {
  return (
    <article className="card my-store-order" aria-label={`店铺订单 ${o.orderCode}`}>
      <div className="my-store-order-head">
        <span>{o.orderCode}</span>
        <strong>{o.stateText}</strong>
      </div>
      {o.lines.map((l) => (
        <div key={l.id} className="my-store-order-line">
          <span>
            {l.prodName} {l.specDispStr}
          </span>
          <span>
            {priceText(l.price)} ×{l.buyNum}
          </span>
        </div>
      ))}
      <dl className="my-store-order-facts">
        <div>
          <dt>顾客</dt>
          <dd>
            {o.receiverName} {o.maskedPhone}
          </dd>
        </div>
        <div>
          <dt>实付</dt>
          <dd>{priceText(o.actualMoney)}</dd>
        </div>
        <div>
          <dt>零售收益</dt>
          <dd data-testid="store-order-income">
            {priceText(o.retailIncome)}（{o.incomeStateText}）
          </dd>
        </div>
        <div>
          <dt>包裹</dt>
          <dd>{o.waybillCode ? `${o.logisticsName} ${o.waybillCode}` : '未发货'}</dd>
        </div>
        <div>
          <dt>下单时间</dt>
          <dd>{o.createDate}</dd>
        </div>
      </dl>
    </article>
  );
}
