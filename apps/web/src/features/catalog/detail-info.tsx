import { Carousel } from '../../components/carousel.js';
import { ACT_STATE } from '@shop/contract/activity-state';
import { FLAG } from '@shop/contract/flags';
import { ExchangeCost } from '../../components/exchange-cost.js';
import { ACT_STATE_TEXT, activityTiming, formatCountdown } from '../../lib/countdown.js';
import { yuanText } from '../../lib/money.js';
import type { Detail } from './use-detail.js';

/** Images (semicolon-separated) with the video first when there is one. */
export function DetailMedia({ images, video, name }: { images: string; video: string; name: string }) {
  const urls = images.split(';').map((u) => u.trim()).filter(Boolean);
  return (
    <Carousel label="商品图片" indicator="count" className="detail-media">
      {video ? <video src={video} poster={urls[0]} controls playsInline autoPlay muted loop /> : null}
      {urls.map((u, i) => (
        // The first picture is the largest paint: fetched first (the entry may have fetched it already).
        <img key={u + i} src={u} alt={i === 0 ? name : ''} fetchPriority={i === 0 ? 'high' : undefined} />
      ))}
    </Carousel>
  );
}

/**
 * While the product loads: the picture's square and the info card's lines in their places (no layout shift, and no
 * antd-mobile Skeleton to load first).
 */
export function DetailSkeleton() {
  return (
    <div className="detail-page page-state-loading" role="status" aria-busy="true" aria-label="加载中">
      <div className="detail-media" />
      <div className="card detail-skeleton">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

/** Price, name, introduction and sales of a product; the chosen spec's price once one is chosen. */
export function ProductInfo({ d, selected }: { d: Extract<Detail, { kind: 'product' }>; selected: number }) {
  const spec = d.options[selected];
  const finalPrice = spec?.finalPrice ?? d.p.finalPrice;
  const price = spec?.price ?? d.p.price;
  const single = d.p.prodSingleProductBos[selected];
  return (
    <section className="card detail-info">
      <div className="detail-price">
        <span className="price">¥{yuanText(finalPrice)}</span>
        {price !== finalPrice && <s>¥{yuanText(price)}</s>}
        <span className="detail-sales">已售 {d.p.sales}</span>
      </div>
      <h1 className="detail-name">{d.p.prodName}</h1>
      <p className="detail-intro">{d.p.prodIntroduction}</p>
      {single && single.touchState === FLAG.yes && <span className="prod-tag">积分可抵¥{yuanText(single.touchMoney)}/件</span>}
      {single && single.integralNum > 0 && <span className="prod-tag">购买赠送 {single.integralNum} 积分</span>}
    </section>
  );
}

/** An activity: cost, state with its countdown, stock left and share exchanged. */
export function ActivityInfo({ d, serverNow }: { d: Extract<Detail, { kind: 'activity' }>; serverNow: number }) {
  const { state, left } = activityTiming(d.a, serverNow);
  return (
    <section className="card detail-info">
      <div className={`detail-act-bar act-state-${state}`}>
        <span className="act-tag">{ACT_STATE_TEXT[state]}</span>
        <span className="detail-act-clock">
          {state === ACT_STATE.notStarted && `距开始 ${formatCountdown(left)}`}
          {state === ACT_STATE.running && `距结束 ${formatCountdown(left)}`}
          {state === ACT_STATE.ended && '活动已结束'}
        </span>
      </div>
      <div className="detail-price">
        <ExchangeCost exchangeType={d.a.exchangeType} exchangeIntegral={d.a.exchangeIntegral} exchangePrice={d.a.exchangePrice} />
        <s>¥{yuanText(d.a.price)}</s>
      </div>
      <h1 className="detail-name">{d.a.prodName}</h1>
      <p className="detail-intro">{d.a.prodIntroduction}</p>
      <p className="muted detail-act-meta">
        剩余 {d.a.lastNum} · 已兑 {d.a.allUseNum}（{d.a.allPercent}%）
      </p>
      <p className="muted detail-act-meta">
        活动时间：{d.a.expiryStartDate} 至 {d.a.expiryEndDate}
      </p>
    </section>
  );
}
