import { consumerCancelOrder, consumerReceiveOrder, selConsumerOrder, STORE_ORDER_STATE } from '@shop/contract/retail-store';
import { toast } from '../../lib/toast.js';
import { storeCall } from './store-api.js';
import type { ScreenProps } from './store-app.js';
import { useStoreConfirm, type ConfirmAsk } from './store-confirm.js';
import { payStoreOrder } from './store-pay.js';
import { StoreState } from './store-state.js';
import { useStoreRead } from './use-store-read.js';

/**
 * One of the consumer's VD orders: state, lines, receiver, parcel; 去支付 / 取消订单 while unpaid, 确认收货 once shipped,
 * each asked again in the store's own dialog (ADR 0042).
 */
export default function StoreOrder({ shopId, query }: ScreenProps) {
  const id = Number(query.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const read = useStoreRead(selConsumerOrder, { id }, valid);
  const confirm = useStoreConfirm();
  if (!valid) return <p className="store-state">订单不存在，请在我的订单中查看</p>;
  const act = async (op: typeof consumerCancelOrder | typeof consumerReceiveOrder, ask: ConfirmAsk) => {
    if (!(await confirm.ask(ask))) return;
    try {
      const reply = await storeCall(op, { id }, { blocking: true, say: true });
      toast(reply.msg);
    } catch {
      /* said by the client */
    }
    read.refetch();
  };
  return (
    <>
      {confirm.dialog}
      <StoreState read={read}>
        {({ obj: o }) => (
          <div className={o.state === STORE_ORDER_STATE.unpaid || o.state === STORE_ORDER_STATE.shipped ? 'with-actions' : undefined}>
            <section className="store-section">
              <h1 className="store-section-title">{o.stateText}</h1>
              <div className="store-row">
                <span>订单编号</span>
                <span data-testid="store-order-code">{o.orderCode}</span>
              </div>
              <div className="store-row">
                <span>店铺</span>
                <span>{o.storeName}</span>
              </div>
              <div className="store-row">
                <span>下单时间</span>
                <span>{o.createDate}</span>
              </div>
              {o.payDate && (
                <div className="store-row">
                  <span>支付时间</span>
                  <span>{o.payDate}</span>
                </div>
              )}
            </section>
            {(o.logisticsName || o.waybillCode) && (
              <section className="store-section" aria-label="物流信息">
                <h2 className="store-section-title">物流信息</h2>
                <div className="store-row">
                  <span>物流公司</span>
                  <span>{o.logisticsName}</span>
                </div>
                <div className="store-row">
                  <span>运单号</span>
                  <span>{o.waybillCode}</span>
                </div>
              </section>
            )}
            <section className="store-section" aria-label="收货信息">
              <h2 className="store-section-title">收货信息</h2>
              <p className="store-note">
                {o.receiverName} {o.receiverPhone}
                <br />
                {o.receiverAddress}
              </p>
            </section>
            <section className="store-section" aria-label="商品清单">
              <ul className="store-list">
                {o.lines.map((l) => (
                  <li key={l.id} className="store-line">
                    <img src={l.imgUrl} alt="" width={72} height={72} />
                    <div className="store-line-body">
                      <span className="store-line-name">{l.prodName}</span>
                      <span className="store-line-spec">{l.specDispStr}</span>
                      <div className="store-line-foot">
                        <span className="store-price">¥{l.price}</span>
                        <span>×{l.buyNum}</span>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="store-row">
                <span>实付金额</span>
                <strong className="store-price">¥{o.actualMoney}</strong>
              </div>
              {o.refundMoney !== '0.00' && (
                <div className="store-row">
                  <span>已退款</span>
                  <span>¥{o.refundMoney}</span>
                </div>
              )}
            </section>
            {o.state === STORE_ORDER_STATE.unpaid && (
              <div className="store-actions">
                <button type="button" className="store-button ghost" onClick={() => void act(consumerCancelOrder, { title: '取消订单', body: '确定取消这个订单吗？取消后需要重新下单。', ok: '取消订单', cancel: '再想想' })}>
                  取消订单
                </button>
                <button type="button" className="store-button warm" onClick={() => void payStoreOrder(shopId, { id: o.id, actualMoney: o.actualMoney })}>
                  去支付
                </button>
              </div>
            )}
            {o.state === STORE_ORDER_STATE.shipped && (
              <div className="store-actions">
                <button type="button" className="store-button" onClick={() => void act(consumerReceiveOrder, { title: '确认收货', body: '请确认已收到商品，确认后订单完成。', ok: '确认收货', cancel: '还没收到' })}>
                  确认收货
                </button>
              </div>
            )}
          </div>
        )}
      </StoreState>
    </>
  );
}
