import { useMemo, useState } from 'react';
import { BALANCE_STATE } from '@shop/contract/payment-state';
import { ORDER_STATE } from '@shop/contract/order-state';
import { OFFLINE_VOUCHER } from '@shop/contract/pay-codes';
import { PAY_METHOD } from '@shop/contract/payment';
import { Link, useSearchParams } from 'react-router';
import { parseChinaTime } from '@shop/contract/china-time';
import { PageState } from '../../components/page-state.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { getPendingPayment } from '../../lib/checkout.js';
import { clockOffset, formatCountdown, useNow } from '../../lib/countdown.js';
import { priceText } from '../../lib/money.js';
import { wechatPayBlocked } from '../../lib/pay-result.js';
import { toast } from '../../lib/toast.js';
import { OfflineForm, offlineProblem, type OfflineValues } from './offline-form.js';
import { usePayOrder } from './pay-order.js';
import { PAY_OPTIONS, paySplit, usePayment, type OfflineAccount, type PayInfo } from './use-payment.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import './payment.css';

/** /payment (spec 2 §2, §4 Payment flow): the split with the goods fund, the method, password, offline vouchers. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const orderId = useMemo(() => Number(params.get('id')) || getPendingPayment()?.orderId || null, [params]);
  const { info, accounts } = usePayment(orderId);
  if (!orderId) {
    return (
      <div className="page empty">
        没有待支付的订单，<Link to="/orders">查看我的订单</Link>
      </div>
    );
  }
  return (
    <div className="page payment-page">
      <PageState query={info}>{(reply) => <PaymentForm info={reply.obj} accounts={accounts} />}</PageState>
    </div>
  );
}

function PaymentForm({ info, accounts }: { info: PayInfo; accounts: OfflineAccount[] }) {
  const payOrder = usePayOrder();
  const [choice, setChoice] = useState<number | null>(null);
  const [offline, setOffline] = useState<OfflineValues>({ accountId: null, remitAccountName: '', remitAccountNumber: '', remark: '', vouchers: [] });
  const [askPin, setAskPin] = useState(false);
  const [paying, setPaying] = useState(false);
  const now = useNow(true);

  const options = PAY_OPTIONS.filter((o) => info.methods.includes(o.methodType));
  const offlineChosen = info.isCanState === BALANCE_STATE.offline && options.some((o) => o.payType === PAY_METHOD.offline);
  const payType = info.outstanding === '0.00' ? PAY_METHOD.balance : (choice ?? (offlineChosen ? PAY_METHOD.offline : options[0]?.payType) ?? null);
  const left = info.payDeadline ? parseChinaTime(info.payDeadline) - (now + clockOffset(info.serverTime)) : Infinity;
  const timedOut = info.circulationState !== ORDER_STATE.unpaid || left <= 0;
  const remitterRequired = info.lineChargeVoucher === OFFLINE_VOUCHER.remitterRequired;
  const split = paySplit(info, payType);

  async function pay(payPassword?: string): Promise<string | void> {
    if (paying) return void toast('支付中，请勿重复支付');
    if (timedOut || !payType) return;
    // spec 2 §4 / ADR 0024: balance, total score and the goods fund's share of any payment need the payment password.
    const needsPin = payType === PAY_METHOD.balance || payType === PAY_METHOD.income || info.goodsPayMoney !== '0.00';
    if (needsPin && !payPassword) return void (leadToSetPayPassword() || setAskPin(true));
    if (payType === PAY_METHOD.offline) {
      const problem = offlineProblem(offline, remitterRequired);
      if (problem) return void toast(problem);
    }
    if (payType === PAY_METHOD.wechat) {
      const blocked = await wechatPayBlocked();
      if (blocked) return void toast(blocked);
    }
    setPaying(true);
    try {
      const refusal = await payOrder(info, payType as 1 | 6 | 7 | 8, offline, payPassword);
      setPaying(false);
      return refusal;
    } catch {
      setPaying(false); // spec 2 §8: a failed payment clears the double-pay guard
      setAskPin(false);
    }
  }

  return (
    <>
      <section className="card rows">
        <div className="row">
          <span>订单编号</span>
          <span data-testid="order-code">{info.orderCode}</span>
        </div>
        <div className="row">
          <span>订单金额</span>
          <strong className="price">{priceText(info.actualMoney)}</strong>
        </div>
        <div className="row">
          <span>运费</span>
          <span>{priceText(info.postMoney)}</span>
        </div>
        {Number.isFinite(left) && (
          <div className="row">
            <span>支付剩余时间</span>
            <span className={timedOut ? 'muted' : 'price'}>{timedOut ? '已超时' : formatCountdown(left)}</span>
          </div>
        )}
      </section>

      <section className="card rows" aria-label="支付明细">
        {split.map((part) => (
          <div className="row" key={part.label}>
            <span>{part.label}</span>
            <span>{priceText(part.money)}</span>
          </div>
        ))}
        {(info.isCanState === BALANCE_STATE.freightShort || info.isCanState === BALANCE_STATE.goodsShort) && (
          <p className="warning-bar" role="alert">
            货款余额不足，还差 {priceText(info.shortfall)}
          </p>
        )}
        {(info.isCanState === BALANCE_STATE.freightNotAllowed || info.isCanState === BALANCE_STATE.freightNotAllowedShort) && <p className="muted small">货款余额不支持支付运费，运费需另行支付</p>}
      </section>

      {info.outstanding !== '0.00' && (
        <section className="card rows" role="radiogroup" aria-label="支付方式">
          {options.map((o) => (
            <label key={o.payType} className="row">
              <span>
                {o.label}
                {o.payType === PAY_METHOD.income && <small className="muted"> 余额 {priceText(info.laveIncome)}</small>}
              </span>
              <input type="radio" name="pay" checked={payType === o.payType} onChange={() => setChoice(o.payType)} aria-label={o.label} />
            </label>
          ))}
        </section>
      )}

      {payType === PAY_METHOD.offline && <OfflineForm accounts={accounts} remitterRequired={remitterRequired} value={offline} onChange={setOffline} />}

      <div className="submit-bar">
        <span>
          实付：<strong className="price">{priceText(info.actualMoney)}</strong>
          {split.length > 1 && <small className="muted pay-split-note">{split.map((p) => `${p.label.replace('支付', '')} ${priceText(p.money)}`).join(' + ')}</small>}
        </span>
        <button type="button" className="primary-button inline" disabled={timedOut || paying} onClick={() => void pay()}>
          {timedOut ? '订单已超时关闭' : payType === PAY_METHOD.offline ? '提交审核' : '确认支付'}
        </button>
      </div>
      <PasswordSheet open={askPin} amount={priceText(info.actualMoney)} onClose={() => setAskPin(false)} onDone={(pin) => pay(pin)} />
    </>
  );
}
