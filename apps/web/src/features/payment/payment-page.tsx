import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { orderPayment } from '@shop/contract/payment';
import { PasswordSheet } from '../../components/password-sheet.js';
import { call } from '../../lib/api.js';
import { getPendingPayment } from '../../lib/checkout.js';
import { clockOffset, formatCountdown, useNow } from '../../lib/countdown.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { payResultUrl, payWithWechat, wechatPayBlocked } from '../../lib/pay-result.js';
import { parseChinaTime } from '@shop/contract/china-time';
import { OfflineForm, offlineProblem, type OfflineValues } from './offline-form.js';
import { PAY_OPTIONS, usePayment } from './use-payment.js';

/** /payment (spec 2 §2, §4 Payment flow): the split with the goods fund, the method, password, offline vouchers. */
export default function PaymentPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { userInfo } = useSession();
  const orderId = useMemo(() => Number(params.get('id')) || getPendingPayment()?.orderId || null, [params]);
  const { info, accounts, failed } = usePayment(orderId);
  const [choice, setChoice] = useState<number | null>(null);
  const [offline, setOffline] = useState<OfflineValues>({ accountId: null, remitAccountName: '', remitAccountNumber: '', remark: '', vouchers: [] });
  const [askPin, setAskPin] = useState(false);
  const [paying, setPaying] = useState(false);
  const now = useNow(!!info);

  if (!orderId) {
    return (
      <div className="page empty">
        没有待支付的订单，<Link to="/orders">查看我的订单</Link>
      </div>
    );
  }
  if (failed) return <div className="page empty">订单信息加载失败，请返回重试</div>;
  if (!info) return <div className="page" />;

  const options = PAY_OPTIONS.filter((o) => info.methods.includes(o.methodType));
  const offlineChosen = info.isCanState === 5 && options.some((o) => o.payType === 8);
  const payType = info.outstanding === '0.00' ? 1 : (choice ?? (offlineChosen ? 8 : options[0]?.payType) ?? null);
  const offset = clockOffset(info.serverTime);
  const left = info.payDeadline ? parseChinaTime(info.payDeadline) - (now + offset) : Infinity;
  const timedOut = info.circulationState !== 1 || left <= 0;
  const remitterRequired = info.lineChargeVoucher === 2;

  async function pay(payPassword?: string) {
    if (paying) return toast('支付中，请勿重复支付');
    if (timedOut || !payType) return;
    const needsPin = (payType === 1 || payType === 7) && userInfo?.payPassword;
    if (needsPin && !payPassword) return setAskPin(true);
    if (payType === 8) {
      const problem = offlineProblem(offline, remitterRequired);
      if (problem) return toast(problem);
    }
    if (payType === 6) {
      const blocked = await wechatPayBlocked();
      if (blocked) return toast(blocked);
    }
    setPaying(true);
    try {
      const reply = await call(orderPayment, {
        id: info!.id,
        payType: payType as 1 | 6 | 7 | 8,
        goodsPayMoney: info!.goodsPayMoney,
        awardPayMoney: payType === 7 ? info!.outstanding : '0.00',
        offlinePayMoney: payType === 8 ? info!.outstanding : '0.00',
        orderReceiptRecordBo:
          payType === 8
            ? {
                accountId: offline.accountId!,
                remitAccountName: offline.remitAccountName.trim(),
                remitAccountNumber: offline.remitAccountNumber.trim(),
                remark: offline.remark.trim(),
                voucherImgUrl: offline.vouchers.map((v) => v.url).join(';'),
              }
            : undefined,
        payPassword,
      });
      if (reply.obj.wechat) {
        await payWithWechat(reply.obj.wechat, { id: info!.id, actualMoney: info!.actualMoney }, '/payment');
        return;
      }
      toast(payType === 8 ? '已提交，等待商家审核' : '支付成功');
      navigate(
        payResultUrl({ payResult: 1, orderId: info!.id, actualMoney: info!.actualMoney, outTradeNo: info!.orderCode, prePath: '/payment', state: payType === 8 ? 5 : undefined }),
        { replace: true },
      );
    } catch {
      setPaying(false); // spec 2 §8: a failed payment clears the double-pay guard
    }
  }

  return (
    <div className="page payment-page">
      <section className="card rows">
        <div className="row">
          <span>订单编号</span>
          <span data-testid="order-code">{info.orderCode}</span>
        </div>
        <div className="row">
          <span>订单金额</span>
          <strong className="price">¥{info.actualMoney}</strong>
        </div>
        <div className="row">
          <span>运费</span>
          <span>¥{info.postMoney}</span>
        </div>
        {Number.isFinite(left) && (
          <div className="row">
            <span>支付剩余时间</span>
            <span className={timedOut ? 'muted' : 'price'}>{timedOut ? '已超时' : formatCountdown(left)}</span>
          </div>
        )}
      </section>

      <section className="card rows">
        <div className="row">
          <span>货款余额支付</span>
          <span>¥{info.goodsPayMoney}</span>
        </div>
        <div className="row">
          <span>还需支付</span>
          <strong>¥{info.outstanding}</strong>
        </div>
        {(info.isCanState === 3 || info.isCanState === 4) && (
          <p className="warning-bar" role="alert">
            货款余额不足，还差 ¥{info.shortfall}
          </p>
        )}
        {(info.isCanState === 2 || info.isCanState === 3.5) && <p className="muted small">货款余额不支持支付运费，运费需另行支付</p>}
      </section>

      {info.outstanding !== '0.00' && (
        <section className="card rows" role="radiogroup" aria-label="支付方式">
          {options.map((o) => (
            <label key={o.payType} className="row">
              <span>
                {o.label}
                {o.payType === 7 && <small className="muted"> 余额 ¥{info.laveIncome}</small>}
              </span>
              <input type="radio" name="pay" checked={payType === o.payType} onChange={() => setChoice(o.payType)} aria-label={o.label} />
            </label>
          ))}
        </section>
      )}

      {payType === 8 && <OfflineForm accounts={accounts} remitterRequired={remitterRequired} value={offline} onChange={setOffline} />}

      <div className="submit-bar">
        <span>
          实付：<strong className="price">¥{info.outstanding === '0.00' ? info.goodsPayMoney : info.outstanding}</strong>
        </span>
        <button type="button" className="primary-button inline" disabled={timedOut || paying} onClick={() => void pay()}>
          {timedOut ? '订单已超时关闭' : payType === 8 ? '提交审核' : '确认支付'}
        </button>
      </div>
      <PasswordSheet
        open={askPin}
        onClose={() => setAskPin(false)}
        onDone={(pin) => {
          setAskPin(false);
          void pay(pin);
        }}
      />
    </div>
  );
}
