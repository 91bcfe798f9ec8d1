import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  COLLECTION_ACCOUNT_MESSAGES,
  baseOfflinePayInfoById,
  saveAccount,
  selectBaseOfflinePayAccountBoList,
  selectBaseWithdrawCashBank,
  updateAccount,
} from '@shop/contract/funds-accounts';
import { selAccountInfoAndCashRule } from '@shop/contract/funds';
import { FLAG } from '@shop/contract/flags';
import { CheckLine, FormRow, SubmitButton, TextField } from '../../components/form-row.js';
import { Picker } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { queryClient, useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { validateForm } from '../../lib/validate.js';
import './accounts.css';

const historyDepth = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/** /eveningP: add a collection account, or with ?id= edit one (spec 3 §2, §5 Collection account). */
export default function AccountFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const title = id ? '编辑收款账户' : '添加收款账户';
  const navigate = useNavigate();
  const { platId } = useSession();
  const banks = useOp(selectBaseWithdrawCashBank, { platId });
  const [form, setForm] = useState({ subBankName: '', accountName: '', accountNumber: '' });
  const [bank, setBank] = useState<{ id: number; name: string } | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const [pickBank, setPickBank] = useState(false);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  useEffect(() => {
    // After the shell has set the route's title (its effect runs after ours).
    const t = setTimeout(() => (document.title = title), 0);
    return () => clearTimeout(t);
  }, [title]);

  useEffect(() => {
    if (!id) return;
    call(baseOfflinePayInfoById, { id })
      .then(({ obj: a }) => {
        setForm({ subBankName: a.subBankName, accountName: a.accountName, accountNumber: a.accountNumber });
        setBank(a.bankDicId === null ? null : { id: a.bankDicId, name: a.bankDicName });
        setIsDefault(a.isDefault === FLAG.yes);
      })
      .catch(() => undefined);
  }, [id]);

  async function submit() {
    if (saving.current) return;
    const fields = { bankDicId: bank?.id ?? null, ...form, isDefault: isDefault ? 1 : 0 };
    const values = validateForm(id ? updateAccount.input : saveAccount.input, id ? { id, ...fields } : fields);
    if (!values) return;
    saving.current = true;
    setBusy(true);
    try {
      const reply = id ? await call(updateAccount, { id, ...fields }) : await call(saveAccount, fields);
      toast(reply.msg || COLLECTION_ACCOUNT_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: [selectBaseOfflinePayAccountBoList.path] });
      void queryClient.invalidateQueries({ queryKey: [selAccountInfoAndCashRule.path] });
      // spec 3 §4: after a save the list refreshes and the page goes back after 1 s.
      setTimeout(() => (historyDepth() > 0 ? navigate(-1) : navigate('/eceiving', { replace: true })), 1000);
    } catch {
      saving.current = false;
      setBusy(false);
    }
  }

  const options = (banks.data?.objs ?? []).map((b) => ({ label: b.bankDicName, value: String(b.bankDicId) }));
  return (
    <div className="page account-form-page">
      <h2 className="account-form-title">{title}</h2>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormRow label="开户银行">
          <button type="button" className="picker-value" onClick={() => setPickBank(true)}>
            {bank?.name || <span className="muted">请选择开户银行</span>}
          </button>
        </FormRow>
        <Picker
          title="选择开户银行"
          columns={[options]}
          loading={banks.isPending}
          visible={pickBank}
          value={bank ? [String(bank.id)] : []}
          onClose={() => setPickBank(false)}
          onConfirm={(v) => {
            const chosen = options.find((o) => o.value === v[0]);
            if (chosen) setBank({ id: Number(chosen.value), name: chosen.label });
          }}
        />
        <TextField label="开户支行" placeholder="请输入开户支行" maxLength={20} value={form.subBankName} onChange={set('subBankName')} />
        <TextField label="持卡人" placeholder="请输入持卡人姓名" maxLength={20} value={form.accountName} onChange={set('accountName')} />
        <TextField label="银行卡号" placeholder="请输入银行卡号" inputMode="numeric" maxLength={20} value={form.accountNumber} onChange={(v) => set('accountNumber')(v.replace(/\s/g, ''))} />
        <div className="form-line">
          <CheckLine checked={isDefault} onChange={setIsDefault}>
            设为默认账户
          </CheckLine>
        </div>
        <SubmitButton busy={busy}>保存</SubmitButton>
      </form>
    </div>
  );
}
