import { useState } from 'react';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { OFFLINE_VOUCHER, PAY_METHOD_TYPE } from '@shop/contract/pay-codes';
import { useNavigate } from 'react-router';
import { BOND_MESSAGES, BOND_PAY_TYPE, BOND_REMARK_MAX, selectBaseOfflinePayAccountByApgId, selectPayWay } from '@shop/contract/bond';
import { yuanToFen } from '@shop/contract/money';
import { FLAG } from '@shop/contract/flags';
import { emptyOffline, OfflinePayForm, offlinePayProblem, type OfflineValues } from '../../components/offline-pay-form.js';
import { PageState } from '../../components/page-state.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { wechatPayBlocked } from '../../lib/pay-result.js';
import { useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { useSubmitBond } from './submit-bond.js';
import { positive, useBondInfo, type BondInfo } from './use-bond.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import './bond.css';

/** spec 3 §9 pay-way list types: 1 online, 2 total-split balance, 4 offline by voucher (3 is left out). */
const WAYS = [
  { way: 2, payType: BOND_PAY_TYPE.income, label: '总分余额支付' },
  { way: 1, payType: BOND_PAY_TYPE.wechat, label: '微信支付' },
  { way: 4, payType: BOND_PAY_TYPE.offline, label: '线下支付' },
] as const;
type PayType = (typeof WAYS)[number]['payType'];
const LIMITS = { remitName: 15, remitNumber: 25, remark: BOND_REMARK_MAX };

/** /bondPay (spec 3 §2, §5 Deposit payment): pay the amount due by total score, WeChat or offline with vouchers. */
export default function BondPayPage() {
  const info = useBondInfo();
  return (
    <div className="page bond-pay">
      <PageState query={info}>
        {(reply) =>
          reply.obj.isNeedBondStatus === FLAG.yes && reply.obj.bondStatusFlg !== FLAG.yes && positive(reply.obj.gradeBond) ? (
            <BondPayForm info={reply.obj} />
          ) : (
            <p className="empty">{reply.obj.bondStatusFlg === FLAG.yes ? BOND_MESSAGES.pendingExists : BOND_MESSAGES.notDue}</p>
          )
        }
      </PageState>
    </div>
  );
}

function BondPayForm({ info }: { info: BondInfo }) {
  const navigate = useNavigate();
  const ways = useOp(selectPayWay, {});
  const offered = WAYS.filter((w) => ways.data?.objs.some((o) => o.type === w.way));
  const [choice, setChoice] = useState<PayType | null>(null);
  const payType = choice ?? offered[0]?.payType ?? null;
  const accounts = useOp(selectBaseOfflinePayAccountByApgId, {}, { enabled: payType === BOND_PAY_TYPE.offline });
  const remitterRequired = ways.data?.objs.find((o) => o.type === PAY_METHOD_TYPE.offline)?.lineOrderVoucher === OFFLINE_VOUCHER.remitterRequired;
  const [offline, setOffline] = useState<OfflineValues>(emptyOffline);
  const [askPin, setAskPin] = useState(false);
  const [busy, setBusy] = useState(false);
  const submitBond = useSubmitBond();

  async function pay(payPassword?: string): Promise<string | void> {
    if (busy || !payType) return;
    if (info.agentStatus !== AGENT_STATUS.activated) return void toast(BOND_MESSAGES.rechargeFirst);
    if (!payPassword) {
      if (payType === BOND_PAY_TYPE.income && yuanToFen(info.gradeBond) > yuanToFen(info.laveIncome)) return void toast(BOND_MESSAGES.incomeShort);
      if (payType === BOND_PAY_TYPE.offline) {
        const problem = offlinePayProblem(offline, remitterRequired);
        if (problem) return void toast(problem);
      }
      if (payType === BOND_PAY_TYPE.wechat) {
        const blocked = await wechatPayBlocked();
        if (blocked) return void toast(blocked);
      }
      if (!(await Dialog.confirm({ content: BOND_MESSAGES.confirmSubmit }))) return;
      // ADR 0017 / 0024: the payment password guards the total-score payment, and one must be set first.
      if (payType === BOND_PAY_TYPE.income) return void (leadToSetPayPassword() || setAskPin(true));
    }
    setBusy(true);
    try {
      const outcome = await submitBond(info.gradeBond, payType, offline, payPassword);
      if (outcome === 'submitted') setTimeout(() => navigate('/compliance', { replace: true }), 1000);
      if (typeof outcome === 'object') return outcome.refusal;
    } catch {
      setAskPin(false); // spec 3 §8: a failed deposit payment re-enables submission
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="card rows" aria-label="合规金">
        <div className="row">
          <span>代理等级</span>
          <span>{info.gradeName}</span>
        </div>
        <div className="row">
          <span>应缴合规金</span>
          <strong className="price">{priceText(info.gradeBond)}</strong>
        </div>
      </section>
      <section className="card rows" role="radiogroup" aria-label="支付方式">
        {ways.isPending && <p className="muted">加载中...</p>}
        {ways.data && offered.length === 0 && <p className="muted">暂无可用的支付方式</p>}
        {offered.map((w) => (
          <label key={w.payType} className="row">
            <span>
              {w.label}
              {w.payType === BOND_PAY_TYPE.income && <small className="muted"> 余额 {priceText(info.laveIncome)}</small>}
            </span>
            <input type="radio" name="pay" checked={payType === w.payType} onChange={() => setChoice(w.payType)} aria-label={w.label} />
          </label>
        ))}
      </section>
      {payType === BOND_PAY_TYPE.offline && (
        <OfflinePayForm accounts={accounts.data?.objs ?? []} remitterRequired={remitterRequired} value={offline} onChange={setOffline} limits={LIMITS} />
      )}
      <div className="submit-bar">
        <span>
          应付：<strong className="price">{priceText(info.gradeBond)}</strong>
        </span>
        <button type="button" className="primary-button inline" disabled={busy || !payType} onClick={() => void pay()}>
          {payType === BOND_PAY_TYPE.offline ? '提交审核' : '确认支付'}
        </button>
      </div>
      <PasswordSheet open={askPin} amount={priceText(info.gradeBond)} onClose={() => setAskPin(false)} onDone={(pin) => pay(pin)} />
    </>
  );
}
