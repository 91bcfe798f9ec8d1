import { VoucherUploader, type Voucher } from '../../components/voucher-uploader.js';
import type { OfflineAccount } from './use-payment.js';

export interface OfflineValues {
  accountId: number | null;
  remitAccountName: string;
  remitAccountNumber: string;
  remark: string;
  vouchers: Voucher[];
}

const CLASS_TEXT: Record<number, string> = { 1: '银行卡', 2: '微信', 3: '支付宝' };

/** spec 2 §2 offline payment: the receiving account, the remitter (when required), a remark and the vouchers. */
export function OfflineForm({
  accounts,
  remitterRequired,
  value,
  onChange,
}: {
  accounts: OfflineAccount[];
  remitterRequired: boolean;
  value: OfflineValues;
  onChange: (update: (prev: OfflineValues) => OfflineValues) => void;
}) {
  const set = <K extends keyof OfflineValues>(key: K, v: OfflineValues[K]) => onChange((prev) => ({ ...prev, [key]: v }));
  return (
    <section className="card rows offline-form" aria-label="线下支付">
      <div className="card-title">收款账户</div>
      {accounts.length === 0 && <p className="muted">暂无收款账户，请联系客服</p>}
      {accounts.map((a) => (
        <label key={a.id} className="row account-row">
          <span>
            <strong>{CLASS_TEXT[a.accountClassify] ?? '账户'}</strong> {a.bankDicName} {a.subBankName}
            <br />
            <small>
              {a.accountName} {a.accountNumber}
            </small>
          </span>
          <input type="radio" name="account" checked={value.accountId === a.id} onChange={() => set('accountId', a.id)} aria-label={`${a.accountName} ${a.accountNumber}`} />
        </label>
      ))}
      <label className="row">
        <span>打款账户名{remitterRequired ? '' : '（选填）'}</span>
        <input className="text-input right" maxLength={30} value={value.remitAccountName} onChange={(e) => set('remitAccountName', e.target.value)} aria-label="打款账户名" />
      </label>
      <label className="row">
        <span>打款账户{remitterRequired ? '' : '（选填）'}</span>
        <input className="text-input right" maxLength={30} value={value.remitAccountNumber} onChange={(e) => set('remitAccountNumber', e.target.value)} aria-label="打款账户" />
      </label>
      <label className="row">
        <span>备注</span>
        <input className="text-input right" maxLength={50} placeholder="选填" value={value.remark} onChange={(e) => set('remark', e.target.value)} aria-label="备注" />
      </label>
      <div className="card-subtitle">打款凭证（最多6张）</div>
      <VoucherUploader value={value.vouchers} onChange={(update) => onChange((prev) => ({ ...prev, vouchers: update(prev.vouchers) }))} />
    </section>
  );
}

/** spec 2 §5 offline rules, in order; null when the form may be submitted. */
export function offlineProblem(v: OfflineValues, remitterRequired: boolean): string | null {
  if (!v.accountId) return '请选择收款账户';
  if (remitterRequired && !v.remitAccountName.trim()) return '请输入打款账户名';
  if (remitterRequired && !v.remitAccountNumber.trim()) return '请输入打款账户';
  if (v.vouchers.length === 0) return '请上传打款凭证';
  if (v.vouchers.some((x) => x.status === 'uploading')) return '图片上传中，请稍后提交';
  if (v.vouchers.some((x) => x.status === 'failed')) return '有凭证上传失败，请删除后重新上传';
  return null;
}
