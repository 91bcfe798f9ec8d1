import { useEffect, useState } from 'react';
import { PAY_STATE } from '@shop/contract/order-state';
import { PAY_KINDS, payKindOf } from '@shop/contract/pay-result';
import { selShopOrderInfoBySerialNumber, STORE_ORDER_STATE } from '@shop/contract/retail-store';
import type { ScreenProps } from './store-app.js';
import { failureText } from './store-api.js';
import { follow, storePath } from './store-nav.js';
import { useStoreRead } from './use-store-read.js';

/** WeChat's notification may land a moment after the sheet closes: ask again a few times before saying so. */
const RECHECKS = 5;
const RECHECK_MS = 2000;

/**
 * The payment's result (spec 2 §2 /orderPayResult for a VD order): read back by spec 2 §7's
 * /vapi/shopOrderInfo/selOrderInfoBySerialNumber.do; the serial's prefix names the kind (VD 店铺订单). Only the
 * server's answer says paid; the sheet's "ok" reads as 支付确认中 until then.
 */
export default function StoreResult({ shopId, query }: ScreenProps) {
  const serial = query.get('out_trade_no') ?? '';
  const sheetOk = query.get('payResult') === '1';
  const id = Number(query.get('id'));
  const read = useStoreRead(selShopOrderInfoBySerialNumber, { serialNumber: serial }, !!serial);
  const [rounds, setRounds] = useState(0);
  const order = read.data?.obj;
  const paid = order ? order.payState === PAY_STATE.paid : false;
  const awaiting = sheetOk && !!order && !paid && order.circulationState === STORE_ORDER_STATE.unpaid && rounds < RECHECKS;
  const { loading, refetch } = read;
  useEffect(() => {
    if (!awaiting || loading) return;
    const t = setTimeout(() => {
      setRounds((r) => r + 1);
      refetch();
    }, RECHECK_MS);
    return () => clearTimeout(t);
  }, [awaiting, loading, refetch]);

  const status = paid ? 'success' : sheetOk && (awaiting || read.loading) ? 'pending' : sheetOk && !order ? 'pending' : 'failure';
  const title = { success: '支付成功', pending: '支付确认中', failure: '支付失败' }[status];
  const kind = payKindOf(serial) ?? 'VD';
  const orderId = order?.id ?? (Number.isInteger(id) && id > 0 ? id : null);
  return (
    <>
      <section className="store-section store-result" data-status={status}>
        <div className="store-result-icon" aria-hidden="true">
          {status === 'success' ? '✓' : status === 'failure' ? '✕' : '…'}
        </div>
        <h1>{title}</h1>
        {status === 'pending' && !read.error && <p className="store-note">正在确认支付结果，请稍候…</p>}
        {status === 'failure' && !read.error && <p className="store-note">订单已保留，可在我的订单中继续支付</p>}
        {read.error !== undefined && (
          <p className="store-note" role="alert">
            订单状态查询失败：{failureText(read.error)}{' '}
            <button type="button" className="store-text-button" onClick={read.refetch}>
              重试
            </button>
          </p>
        )}
      </section>
      <section className="store-section">
        <div className="store-row">
          <span>支付类型</span>
          <span>{order?.payKindText || PAY_KINDS[kind]}</span>
        </div>
        {(order?.orderCode || serial) && (
          <div className="store-row">
            <span>订单编号</span>
            <span data-testid="store-result-code">{order?.orderCode ?? serial}</span>
          </div>
        )}
        {order && (
          <>
            <div className="store-row">
              <span>{paid ? '支付金额' : '订单金额'}</span>
              <strong className="store-price">¥{order.actualMoney}</strong>
            </div>
            <div className="store-row">
              <span>订单状态</span>
              <span>{order.stateText}</span>
            </div>
          </>
        )}
      </section>
      <div className="store-buttons">
        {orderId && (
          <a className="store-button block" href={storePath(shopId, 'order', { id: orderId })} onClick={(e) => follow(e, { replace: true })}>
            查看订单
          </a>
        )}
        <a className="store-button ghost block" href={storePath(shopId)} onClick={(e) => follow(e, { replace: true })}>
          继续逛逛
        </a>
      </div>
    </>
  );
}
