import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAY_KINDS, PAY_REVIEW_TEXT, payKindOf, selOrderInfoBySerialNumber, type PayKind } from '@shop/contract/pay-result';
import { call, type Reply } from '../../lib/api.js';
import { readPayResultQuery } from '../../lib/pay-result.js';
import { useSession } from '../../lib/session.js';

type OrderInfo = Reply<typeof selOrderInfoBySerialNumber>['obj'];

/** WeChat's notification may land a moment after the pay sheet closes: ask again a few times before saying so. */
const RECHECKS = 5;
const RECHECK_MS = 2000;

/**
 * /orderPayResult (spec 2 §2), public: success or failure of a payment, its kind by the serial's prefix (DD 订单支付,
 * VD 店铺订单, HK 货款充值, HG 合规金), number and amount. A logged-in agent's DD order is read back from the server,
 * whose answer wins over the query (the pay sheet's "ok" is only a hint).
 */
export default function PayResultPage() {
  const [params] = useSearchParams();
  const q = readPayResultQuery(params);
  const serial = q.outTradeNo ?? '';
  const kind: PayKind = payKindOf(serial) ?? 'DD';
  const { token } = useSession();
  const [order, setOrder] = useState<OrderInfo | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!token || !serial || kind !== 'DD') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (round: number) => {
      try {
        const r = await call(selOrderInfoBySerialNumber, { serialNumber: serial }, { background: true, quiet: true });
        if (!live) return;
        const o = r.obj;
        setOrder(o);
        const waiting = q.payResult === 1 && o.payState !== 1 && o.circulationState === 1;
        setChecking(waiting && round < RECHECKS);
        if (waiting && round < RECHECKS) timer = setTimeout(() => void load(round + 1), RECHECK_MS);
      } catch {
        if (live) setChecking(false); // the query's figures stand
      }
    };
    void load(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, serial, kind, q.payResult]);

  const review = q.state === 5 || q.state === 6 || order?.circulationState === 2;
  const paid = order ? order.payState === 1 : q.payResult === 1;
  const pending = !review && !paid && q.payResult === 1; // the sheet said ok, the server has not heard yet
  const status = review ? 'review' : paid ? 'success' : pending ? 'pending' : 'failure';
  const title = { review: PAY_REVIEW_TEXT, success: '支付成功', pending: '支付确认中', failure: '支付失败' }[status];
  const orderId = order?.id ?? q.orderId;
  const amount = q.actualMoney ?? order?.actualMoney;

  return (
    <div className="page pay-result">
      <section className="card pay-result-head" data-status={status}>
        <div className="pay-result-icon" aria-hidden="true">
          {status === 'success' ? '✓' : status === 'failure' ? '✕' : '…'}
        </div>
        <h1 className="pay-result-title">{title}</h1>
        {pending && <p className="muted">{checking ? '正在确认支付结果…' : '支付结果确认中，请稍后在订单中查看'}</p>}
      </section>
      <section className="card rows">
        <div className="row">
          <span>支付类型</span>
          <span>{PAY_KINDS[kind]}</span>
        </div>
        {(order?.orderCode || serial) && (
          <div className="row">
            <span>订单编号</span>
            <span data-testid="pay-result-code">{order?.orderCode ?? serial}</span>
          </div>
        )}
        {amount && (
          <div className="row">
            <span>{status === 'success' ? '支付金额' : '订单金额'}</span>
            <strong className="price">¥{amount}</strong>
          </div>
        )}
        {order && order.otherActualMoney !== '0.00' && (
          <div className="row">
            <span>{status === 'success' ? '微信支付' : '需微信支付'}</span>
            <span>¥{order.otherActualMoney}</span>
          </div>
        )}
      </section>
      <div className="pay-result-actions">
        {orderId && kind === 'DD' && (
          <Link className="primary-button pay-result-button" to={`/ordersDetail?id=${orderId}`} replace>
            查看订单
          </Link>
        )}
        <Link className="plain-button pay-result-button" to="/home" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
