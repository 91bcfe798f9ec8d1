import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  TRANSFER_MESSAGES,
  TRANSFER_TYPE,
  TRANSFER_TYPE_NAME,
  saveAgentWithdrawOut,
  selAccountInfoAndCashRule,
  selAgentApiAccountInfo,
  selAgentByPlatIdAndPhone,
  selAllAgentRewardChangeRecord,
  transferInput,
  transferRefusal,
} from '@shop/contract/funds';
import { yuanToFen } from '@shop/contract/money';
import { FLAG } from '@shop/contract/flags';
import { TextField } from '../../components/form-row.js';
import { PasswordSheet } from '../../components/password-sheet.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { useIntentKey } from '../../lib/idempotency.js';
import { priceText } from '../../lib/money.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import { pinRefusal } from './pin-refusal.js';
import { leadToSetPayPassword } from '../../lib/pay-password-gate.js';
import './funds.css';

/** The balance rule the typed amount breaks (spec 3 §5, the server's message), or null while fine or not an amount yet. */
function refusalOf(balance: string, amount: string): string | null {
  try {
    return transferRefusal(yuanToFen(balance), yuanToFen(amount));
  } catch {
    return null;
  }
}

/** /totalZzApplay?laveIncome (spec 3 §2, §5 Transfer): to another agent's total score, confirmed, with the password. */
export default function TransferPage() {
  const [params] = useSearchParams();
  const { platId } = useSession();
  const navigate = useNavigate();
  const account = useOp(selAgentApiAccountInfo, { platId });
  const laveIncome = account.data?.obj.laveIncome ?? params.get('laveIncome') ?? '0.00';
  const [form, setForm] = useState({ toAgentPhone: '', rechargeMoney: '', remark: '' });
  // The only method is ticked from the start (spec 3 §5 Transfer: 'transfer to total score' is the one option).
  const [type, setType] = useState<number | null>(TRANSFER_TYPE.toTotalScore);
  const [askPin, setAskPin] = useState(false);
  const recipient = useRef<number | null>(null);
  const intent = useIntentKey();
  // ADR 0023: one key per intent; another recipient, amount or remark is another transfer.
  const keyOf = () => intent.for({ ...form, transferType: type });
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = useOpMutation(saveAgentWithdrawOut, { quiet: true, invalidates: [selAgentApiAccountInfo, selAccountInfoAndCashRule, selAllAgentRewardChangeRecord] });

  async function send(payPassword?: string): Promise<string | void> {
    try {
      const reply = await submit.mutateAsync({ ...form, transferType: type, toAgentId: recipient.current, payPassword, idempotencyKey: keyOf() });
      intent.done();
      setAskPin(false);
      toast(reply.msg || '转款成功', 2000, { keep: true });
      setTimeout(() => navigate('/total', { replace: true }), 1000);
    } catch (err) {
      const refusal = pinRefusal(err);
      if (refusal) return refusal;
      setAskPin(false);
    }
  }

  const refusal = account.data?.obj.isNeedBondStatus === FLAG.yes ? null : refusalOf(laveIncome, form.rechargeMoney);

  async function start() {
    if (account.data?.obj.isNeedBondStatus === FLAG.yes) return toast(TRANSFER_MESSAGES.bondDue);
    if (!validateForm(transferInput, { ...form, transferType: type, idempotencyKey: keyOf() })) return;
    if (refusal) return toast(refusal);
    let confirmText: string;
    try {
      // spec 3 §5: the server checks the recipient; its message is the confirm text.
      const reply = await call(selAgentByPlatIdAndPhone, { phone: form.toAgentPhone, rechargeMoney: form.rechargeMoney });
      recipient.current = reply.obj.toAgentId;
      confirmText = reply.msg;
    } catch {
      return; // the api client showed the refusal
    }
    if (!(await Dialog.confirm({ title: '转款确认', content: confirmText }))) return;
    // ADR 0024: no money leaves without a payment password; set one first.
    if (!leadToSetPayPassword()) setAskPin(true);
  }

  return (
    <div className="page funds-page">
      <section className="card form funds-transfer" aria-label="转款">
        <div className="funds-balance-line">
          总分余额 <strong data-testid="transfer-balance">{priceText(laveIncome)}</strong>
        </div>
        <TextField label="接收人手机号" inputMode="tel" maxLength={11} placeholder="请输入接收人手机号" value={form.toAgentPhone} onChange={(v) => set('toAgentPhone')(v.trim())} />
        <TextField label="转出金额" inputMode="decimal" maxLength={11} placeholder="请输入转出金额" value={form.rechargeMoney} onChange={(v) => set('rechargeMoney')(v.trim())} />
        {refusal && (
          <p className="funds-refusal" role="alert">
            {refusal}
          </p>
        )}
        <div className="form-row" role="radiogroup" aria-label="转款方式">
          <span className="form-label">转款方式</span>
          <label className="check-line">
            <input type="radio" name="transferType" checked={type === TRANSFER_TYPE.toTotalScore} onChange={() => setType(TRANSFER_TYPE.toTotalScore)} />
            <span>{TRANSFER_TYPE_NAME[TRANSFER_TYPE.toTotalScore]}</span>
          </label>
        </div>
        <label className="funds-remark">
          <span className="form-label">备注</span>
          <textarea aria-label="备注" maxLength={200} rows={3} placeholder="请输入备注（选填）" value={form.remark} onChange={(e) => set('remark')(e.target.value)} />
        </label>
      </section>
      <button type="button" className="primary-button" disabled={submit.isPending} onClick={() => void start()}>
        确认转款
      </button>
      <PasswordSheet open={askPin} amount={priceText(form.rechargeMoney || '0')} onClose={() => setAskPin(false)} onDone={(pin) => send(pin)} />
    </div>
  );
}
