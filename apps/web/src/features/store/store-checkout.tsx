import { useState } from 'react';
import { saveStoreOrder, STORE_MESSAGES } from '@shop/contract/retail-store';
import { toast } from '../../lib/toast.js';
import { SESSION_TEXT, storeCall } from './store-api.js';
import type { ScreenProps } from './store-app.js';
import { buyNowLine, cart, setBuyNow, useCart } from './store-cart.js';
import { fenYuan, yuanLabel } from './store-money.js';
import { follow, storePath } from './store-nav.js';
import { payStoreOrder } from './store-pay.js';
import { PhoneConfirm } from './store-phone.js';
import { NO_REGION, RegionSelects, type RegionChoice } from './store-regions.js';
import { consumer, useConsumer } from './store-session.js';
import { ensureConsumer } from './store-start.js';

interface Receiver {
  name: string;
  phone: string;
  region: RegionChoice;
  address: string;
}

/** The last receiver, offered again at the next checkout on this phone. */
const RECEIVER_KEY = 'shop.storeReceiver';
function lastReceiver(): Receiver {
  try {
    const r = JSON.parse(localStorage.getItem(RECEIVER_KEY) ?? 'null') as Receiver | null;
    if (r && typeof r.name === 'string' && r.region) return { ...r, region: { ...NO_REGION, ...r.region } };
  } catch {
    /* none */
  }
  return { name: '', phone: '', region: NO_REGION, address: '' };
}

/**
 * Checkout (ADR 0038): the lines at the store's prices, the delivery address, the phone confirmed by SMS at the first
 * order, then 提交订单 pays by WeChat. The server prices the order again (no postage, no gifts or points) and refuses
 * a different figure with 商品价格已变化; a repeated submit carries the same idempotency key and gets the same order.
 */
export default function StoreCheckout({ shopId, query }: ScreenProps) {
  const cartLines = useCart(shopId);
  const [now] = useState(() => (query.get('from') === 'now' ? buyNowLine() : null));
  const lines = now ? [now] : cartLines;
  const total = lines.reduce((sum, l) => sum + l.price * l.buyNum, 0);
  const [receiver, setReceiver] = useState(lastReceiver);
  const [note, setNote] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const me = useConsumer();
  const set = (patch: Partial<Receiver>) => setReceiver((r) => ({ ...r, ...patch }));

  if (lines.length === 0) {
    return (
      <div className="store-state">
        <p>{STORE_MESSAGES.cartEmpty}</p>
        <a className="store-button" href={storePath(shopId)} onClick={follow}>
          去逛逛
        </a>
      </div>
    );
  }

  const submit = async () => {
    const payload = {
      shopId,
      lines: lines.map((l) => ({ singleProdId: l.singleProdId, buyNum: l.buyNum })),
      receiverName: receiver.name.trim(),
      receiverPhone: receiver.phone.trim(),
      receiverProvince: receiver.region.province,
      receiverCity: receiver.region.city,
      receiverCounty: receiver.region.county,
      receiveCountyId: receiver.region.countyCode,
      receiverAddress: receiver.address.trim(),
      orderNote: note.trim() || undefined,
      payMoney: fenYuan(total),
      idempotencyKey: key,
    };
    const checked = saveStoreOrder.input.safeParse(payload);
    if (!checked.success) return void toast(checked.error.issues[0]?.message ?? STORE_MESSAGES.addressRequired);
    if (!(await ensureConsumer())) return void toast(SESSION_TEXT);
    if (!consumer.get().phoneConfirmed) return void toast(STORE_MESSAGES.phoneUnconfirmed);
    let order;
    try {
      order = (await storeCall(saveStoreOrder, payload, { blocking: true, say: true })).obj;
    } catch {
      return;
    }
    localStorage.setItem(RECEIVER_KEY, JSON.stringify(receiver));
    if (now) setBuyNow(null);
    else cart.remove(shopId, lines.map((l) => l.singleProdId));
    await payStoreOrder(shopId, order);
  };

  return (
    <div className="with-actions">
      <section className="store-section" aria-labelledby="store-receiver">
        <h1 id="store-receiver" className="store-section-title">
          收货信息
        </h1>
        <div className="store-field">
          <label htmlFor="store-name">收货人</label>
          <input id="store-name" autoComplete="name" placeholder="请输入收货人姓名" value={receiver.name} onChange={(e) => set({ name: e.target.value })} />
        </div>
        <div className="store-field">
          <label htmlFor="store-receiver-phone">联系电话</label>
          <input id="store-receiver-phone" type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" placeholder="请输入收货人手机号" value={receiver.phone} onChange={(e) => set({ phone: e.target.value.trim() })} />
        </div>
        <div className="store-field">
          <span>所在地区</span>
          <RegionSelects value={receiver.region} onChange={(region) => set({ region })} />
        </div>
        <div className="store-field">
          <label htmlFor="store-address">详细地址</label>
          <input id="store-address" autoComplete="street-address" placeholder="街道、门牌号等" value={receiver.address} onChange={(e) => set({ address: e.target.value })} />
        </div>
      </section>

      <section className="store-section" aria-labelledby="store-phone-title">
        <h2 id="store-phone-title" className="store-section-title">
          {me.phoneConfirmed ? '我的手机号' : '验证手机号'}
        </h2>
        <PhoneConfirm intro="首次下单请验证手机号，换手机也能凭手机号查到订单" />
      </section>

      <section className="store-section" aria-labelledby="store-lines">
        <h2 id="store-lines" className="store-section-title">
          商品清单
        </h2>
        <ul className="store-list">
          {lines.map((l) => (
            <li key={l.singleProdId} className="store-line">
              <img src={l.imgUrl} alt="" width={72} height={72} />
              <div className="store-line-body">
                <span className="store-line-name">{l.prodName}</span>
                <span className="store-line-spec">{l.specDispStr}</span>
                <div className="store-line-foot">
                  <span className="store-price">{yuanLabel(l.price)}</span>
                  <span>×{l.buyNum}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <div className="store-row">
          <span>运费</span>
          <span>包邮</span>
        </div>
        <div className="store-field">
          <label htmlFor="store-note">买家留言</label>
          <input id="store-note" maxLength={50} placeholder="选填，50字以内" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </section>

      <div className="store-actions">
        <span className="store-total">
          实付 <strong className="store-price">{yuanLabel(total)}</strong>
        </span>
        <button type="button" className="store-button warm" onClick={() => void submit()}>
          提交订单
        </button>
      </div>
    </div>
  );
}
