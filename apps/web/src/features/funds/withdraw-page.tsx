import { useState } from 'react';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import {
  WITHDRAW_MESSAGES,
  ratioToPpm,
  saveAgentWithdrawCashApply,
  selAccountInfoAndCashRule,
  selAgentApiAccountInfo,
  selAllAgentRewardChangeRecord,
  selAllAgentWithdrawCashApply,
  withdrawalFee,
  withdrawalInput,
  withdrawalRefusal,
} from '@shop/contract/funds';
import { fenToYuan, yuanToFen } from '@shop/contract/money';
import { FLAG } from '@shop/contract/flags';
import { FormRow } from '../../components/form-row.js';
import { PageState } from '../../components/page-state.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { isTransient, useOp, useOpMutation } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { AccountChoice } from './account-choice.js';
import { pinRefusal } from './pin-refusal.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import './funds.css';

type Info = z.output<typeof selAccountInfoAndCashRule.output>['obj'];

/** /totalTxApplay (spec 3 §5 Withdrawal): amount by the rule, the fee live, the collection account, the password. */
export default function WithdrawPage() {
  const { platId } = useSession();
  const info = useOp(selAccountInfoAndCashRule, { platId });
  return (
    <div className="page funds-page">
      <PageState query={info}>{({ obj }) => <WithdrawForm info={obj} />}</PageState>
    </div>
  );
}

/** The fee the server will take for what is typed (0.00 while it is not an amount yet). */
function feeOf(amount: string, ratio: number): { fee: string; arrive: string } | null {
  try {
    const fen = yuanToFen(amount);
    const fee = withdrawalFee(fen, ratioToPpm(ratio));
    return { fee: fenToYuan(fee), arrive: fenToYuan(fen - fee) };
  } catch {
    return null;
  }
}

/** The rule the typed amount breaks (spec 3 §5, the server's message), or null while it is fine or not an amount yet. */
function refusalOf(amount: string, info: Info): string | null {
  const rule = info.baseWithdrawCashRuleBo;
  try {
    const fen = yuanToFen(amount);
    if (fen <= 0) return null;
    return withdrawalRefusal({ isAllWithdraw: rule.isAllWithdraw, min: yuanToFen(rule.minWithdrawMoney), base: yuanToFen(rule.baseMoney) }, yuanToFen(info.laveIncome), fen);
  } catch {
    return null;
  }
}

function WithdrawForm({ info }: { info: Info }) {
  const navigate = useNavigate();
  const rule = info.baseWithdrawCashRuleBo;
  const wholeOnly = rule.isAllWithdraw === FLAG.no;
  const [typed, setTyped] = useState('');
  const amount = wholeOnly ? info.laveIncome : typed;
  const [accountId, setAccountId] = useState<number | null>(() => (info.baseOfflinePayAccountlist.find((a) => a.isDefault === FLAG.yes) ?? info.baseOfflinePayAccountlist[0])?.id ?? null);
  const [askPin, setAskPin] = useState(false);
  const intent = useIntentKey();
  // ADR 0023: one key per intent; another amount or account is another withdrawal.
  const keyOf = () => intent.for({ amount, accountId });
  const submit = useOpMutation(saveAgentWithdrawCashApply, { quiet: true, invalidates: [selAccountInfoAndCashRule, selAgentApiAccountInfo, selAllAgentWithdrawCashApply, selAllAgentRewardChangeRecord] });
  const fee = feeOf(amount, rule.serviceChargeRatio);
  const refusal = info.isNeedBondStatus === FLAG.yes || info.isCanTs === FLAG.yes ? null : refusalOf(amount, info);
  const percent = ratioToPpm(rule.serviceChargeRatio) / 10_000;
  const hint = `最低提现${rule.minWithdrawMoney}元${rule.baseMoney !== '0.00' ? `，须为${rule.baseMoney}的整数倍` : ''}，手续费${percent}%`;

  async function send(payPassword?: string): Promise<string | void> {
    const payload = { bondMoney: amount, accountId, serviceCharge: fee?.fee, payPassword, idempotencyKey: keyOf() };
    try {
      const reply = await submit.mutateAsync(payload);
      intent.done();
      setAskPin(false);
      toast(reply.msg || '提现申请已提交', 2000, { keep: true });
      setTimeout(() => navigate('/totalTxRecord', { replace: true }), 1000);
    } catch (err) {
      const refusal = pinRefusal(err);
      if (refusal) return refusal;
      setAskPin(false);
      if (isTransient(err)) await lookUp(payload);
    }
  }

  /**
   * ADR 0023: the answer was lost (no connection, no answer in time), so the application may or may not exist.
   * The same key asks again (ADR 0023): a key already used answers its stored reply, never a second withdrawal): then
   * 「提现申请已提交」, or, while the network is still away, 重试 with that same key.
   */
  async function lookUp(payload: Parameters<typeof submit.mutateAsync>[0]): Promise<void> {
    for (;;) {
      try {
        const reply = await submit.mutateAsync(payload);
        intent.done();
        toast(reply.msg || '提现申请已提交', 2000, { keep: true });
        setTimeout(() => navigate('/totalTxRecord', { replace: true }), 1000);
        return;
      } catch (err) {
        if (!isTransient(err)) return; // the server answered: its refusal was toasted
        const again = await Dialog.confirm({
          title: '网络异常',
          content: '暂时无法确认提现申请是否已提交，请检查网络后重试（不会重复提交）',
          confirmText: '重试',
          cancelText: '稍后查看',
        });
        if (!again) return;
      }
    }
  }

  async function start() {
    if (info.isNeedBondStatus === FLAG.yes) return toast(WITHDRAW_MESSAGES.bondDue);
    if (info.isCanTs === FLAG.yes) return toast(info.tsMsg || WITHDRAW_MESSAGES.closed);
    if (!validateForm(withdrawalInput, { bondMoney: amount, accountId, idempotencyKey: keyOf() })) return;
    if (refusal) return toast(refusal);
    if (!(await Dialog.confirm({ content: '是否确认提现？' }))) return;
    // ADR 0024: no money leaves without a payment password; set one first.
    if (!leadToSetPayPassword()) setAskPin(true);
  }

  return (
    <>
      <section className="card form" aria-label="提现申请">
        <div className="funds-balance-line">
          可提现余额 <strong>{priceText(info.laveIncome)}</strong>
        </div>
        <FormRow
          label="提现金额"
          extra={
            !wholeOnly && (
              <button type="button" className="text-button" onClick={() => setTyped(info.laveIncome)}>
                全部提现
              </button>
            )
          }
        >
          <input
            className="text-input"
            aria-label="提现金额"
            inputMode="decimal"
            maxLength={11}
            placeholder="请输入提现金额"
            value={amount}
            disabled={wholeOnly}
            onChange={(e) => setTyped(e.target.value.trim())}
          />
        </FormRow>
        {refusal && (
          <p className="funds-refusal" role="alert">
            {refusal}
          </p>
        )}
        <p className="funds-hint">{hint}</p>
        <div className="funds-fee" aria-live="polite">
          <span>
            手续费 <strong data-testid="withdraw-fee">{priceText(fee?.fee ?? '0.00')}</strong>
          </span>
          <span>
            实际到账 <strong data-testid="withdraw-arrive">{priceText(fee?.arrive ?? '0.00')}</strong>
          </span>
        </div>
      </section>
      <section className="card" aria-label="收款账户">
        <h3 className="funds-card-title">收款账户</h3>
        <AccountChoice accounts={info.baseOfflinePayAccountlist} value={accountId} onChange={setAccountId} />
      </section>
      <button type="button" className="primary-button" disabled={submit.isPending} onClick={() => void start()}>
        提交申请
      </button>
      <PasswordSheet open={askPin} amount={priceText(amount || '0')} onClose={() => setAskPin(false)} onDone={(pin) => send(pin)} />
    </>
  );
}
