import { useState } from 'react';
import { PAY_METHOD_TYPE } from '@shop/contract/pay-codes';
import { Link, useSearchParams } from 'react-router';
import { selectMyAccoutInfo, selectPayMethod } from '@shop/contract/order';
import { UPGRADE_MESSAGES, selBaseOfflinePayAccount } from '@shop/contract/upgrade';
import { yuanToFen } from '@shop/contract/money';
import { FLAG } from '@shop/contract/flags';
import { emptyOffline, OfflinePayForm, offlinePayProblem, type OfflineValues } from '../../components/offline-pay-form.js';
import { PageState } from '../../components/page-state.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { wechatPayReady } from '../../lib/open-id.js';
import { wechatPayBlocked } from '../../lib/pay-result.js';
import { useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { useSubmitUpgrade, type Plan, type ScreenPayType } from './submit-upgrade.js';
import { isPending, paymentPlan, useUpgradeInfo } from './use-upgrade.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import './upgrade.css';

const LABELS: Record<ScreenPayType, string> = { [PAY_METHOD_TYPE.income]: '总分支付', [PAY_METHOD_TYPE.wechat]: '微信支付', [PAY_METHOD_TYPE.offline]: '线下支付' };
/** spec 3 §5: remitter name 15, account 25, remark 200. */
const LIMITS = { remitName: 15, remitNumber: 25, remark: 200 };

/** /offline (spec 3 §2 Upgrade): pay the first top-up or an upgrade by total score, WeChat or offline with vouchers. */
export default function OfflinePage() {
  const [params] = useSearchParams();
  const gradeId = Number(params.get('gradeId')) || null;
  const info = useUpgradeInfo();
  return (
    <div className="page upgrade-pay">
      <PageState query={info}>
        {(reply) => {
          const plan = paymentPlan(reply.obj, gradeId);
          if (!plan || isPending(reply.obj)) {
            return (
              <p className="empty">
                {plan ? UPGRADE_MESSAGES.pendingExists : '暂无可支付的升级申请'}，<Link to="/upgrade">返回代理升级</Link>
              </p>
            );
          }
          return <PayForm plan={plan} gradeName={plan.gradeName} />;
        }}
      </PageState>
    </div>
  );
}

/** The pay types offered: spec 3 §9 (the goods fund and disabled ones left out; WeChat only with both recharge flags on). */
function usePayTypes(): ScreenPayType[] | null {
  const methods = useOp(selectPayMethod, { isEnable: 1, isRechargeEnable: 1 });
  if (!methods.data) return methods.isError ? [] : null;
  const flags = methods.data.obj;
  const enabled = new Set(methods.data.objs.filter((m) => m.isEnable === FLAG.yes && m.type !== PAY_METHOD_TYPE.balance).map((m) => m.type));
  const wechat = flags?.rechargeState === FLAG.yes && flags.loanRechargeState === FLAG.yes;
  return ([PAY_METHOD_TYPE.income, PAY_METHOD_TYPE.wechat, PAY_METHOD_TYPE.offline] as const).filter((t) => enabled.has(t) && (t !== PAY_METHOD_TYPE.wechat || wechat));
}

function PayForm({ plan, gradeName }: { plan: Plan; gradeName: string }) {
  const types = usePayTypes();
  const [choice, setChoice] = useState<ScreenPayType | null>(null);
  const account = useOp(selectMyAccoutInfo, {}, { staleTime: 0 });
  const balance = account.data?.obj.laveIncome;
  // spec 3 §9 lists total score first; the default is the first method in that order that can pay now: total score
  // only when it covers the amount, WeChat only once its openId is known, offline always (it goes to review).
  const canPay = (t: ScreenPayType) => (t === PAY_METHOD_TYPE.income ? balance !== undefined && yuanToFen(plan.amount) <= yuanToFen(balance) : t === PAY_METHOD_TYPE.wechat ? wechatPayReady() : true);
  const settled = !!account.data || account.isError;
  const payType = choice ?? (types && settled ? (types.find(canPay) ?? types[0] ?? null) : null);
  const accounts = useOp(selBaseOfflinePayAccount, {}, { enabled: payType === PAY_METHOD_TYPE.offline });
  const [offline, setOffline] = useState<OfflineValues>(emptyOffline);
  const [askPin, setAskPin] = useState(false);
  const [busy, setBusy] = useState(false);
  const submitUpgrade = useSubmitUpgrade();
  const remitterRequired = accounts.data?.obj.lineChargeVoucher === 2;

  async function pay(payPassword?: string): Promise<string | void> {
    if (busy || !payType) return;
    if (!payPassword) {
      if (payType === PAY_METHOD_TYPE.income && balance !== undefined && yuanToFen(plan.amount) > yuanToFen(balance)) return void toast(UPGRADE_MESSAGES.incomeShort);
      if (payType === PAY_METHOD_TYPE.offline) {
        const problem = offlinePayProblem(offline, remitterRequired);
        if (problem) return void toast(problem);
      }
      if (payType === PAY_METHOD_TYPE.wechat) {
        const blocked = await wechatPayBlocked();
        if (blocked) return void toast(blocked);
      }
      if (!(await Dialog.confirm({ content: '是否确认提交升级申请' }))) return;
      // spec 3 §5 / ADR 0024: the payment password guards the total-score payment, and one must be set first.
      if (payType === PAY_METHOD_TYPE.income) return void (leadToSetPayPassword() || setAskPin(true));
    }
    setBusy(true);
    try {
      return await submitUpgrade(plan, payType, offline, payPassword);
    } catch {
      setAskPin(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="card rows" aria-label="充值信息">
        <div className="row">
          <span>{plan.firstTopUp ? '首次充值' : '升级等级'}</span>
          <span>{gradeName}</span>
        </div>
        <div className="row">
          <span>充值金额</span>
          <strong className="price" data-testid="recharge-money">
            {priceText(plan.amount)}
          </strong>
        </div>
      </section>

      <section className="card rows" role="radiogroup" aria-label="支付方式">
        {types === null && <p className="muted">加载中...</p>}
        {types?.length === 0 && <p className="muted">暂无可用的支付方式</p>}
        {types?.map((t) => (
          <label key={t} className="row">
            <span>
              {LABELS[t]}
              {t === PAY_METHOD_TYPE.income && balance !== undefined && <small className="muted"> 余额 {priceText(balance)}</small>}
            </span>
            <input type="radio" name="pay" checked={payType === t} onChange={() => setChoice(t)} aria-label={LABELS[t]} />
          </label>
        ))}
      </section>

      {payType === PAY_METHOD_TYPE.offline && <OfflinePayForm accounts={accounts.data?.objs ?? []} remitterRequired={remitterRequired} value={offline} onChange={setOffline} limits={LIMITS} />}

      <div className="submit-bar">
        <span>
          应付：<strong className="price">{priceText(plan.amount)}</strong>
        </span>
        <button type="button" className="primary-button inline" disabled={busy || !payType} onClick={() => void pay()}>
          {payType === PAY_METHOD_TYPE.offline ? '提交审核' : '确认支付'}
        </button>
      </div>
      <PasswordSheet open={askPin} amount={priceText(plan.amount)} onClose={() => setAskPin(false)} onDone={(pin) => pay(pin)} />
    </>
  );
}
