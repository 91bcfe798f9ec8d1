import { VoucherUploader, type Voucher } from './voucher-uploader.js';

/** A receiving account the agent pays into (the platform's, spec 2 §2 / spec 3 §2). */
export interface ReceivingAccount {
  id: number;
  accountClassify: number;
  bankDicName: string;
  subBankName: string;
  accountName: string;
  accountNumber: string;
}

export interface OfflineValues {
  accountId: number | null;
  remitAccountName: string;
  remitAccountNumber: string;
  remark: string;
  vouchers: Voucher[];
}

export const emptyOffline = (): OfflineValues => ({ accountId: null, remitAccountName: '', remitAccountNumber: '', remark: '', vouchers: [] });

/** Input lengths (spec 3 §9: remitter name 15, account 25; remark 200 for an upgrade, 30 for the deposit). */
export interface OfflineLimits {
  remitName: number;
  remitNumber: number;
  remark: number;
}
const ORDER_LIMITS: OfflineLimits = { remitName: 30, remitNumber: 30, remark: 50 };

const CLASS_TEXT: Record<number, string> = { 1: '银行卡', 2: '微信', 3: '支付宝' };

/** An offline payment: the receiving account, the remitter (when required), a remark and the vouchers. */
export function OfflinePayForm({
  accounts,
  remitterRequired,
  value,
  onChange,
  limits = ORDER_LIMITS,
}: {
  accounts: ReceivingAccount[];
  remitterRequired: boolean;
  value: OfflineValues;
  onChange: (update: (prev: OfflineValues) => OfflineValues) => void;
  limits?: OfflineLimits;
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
        <input className="text-input right" maxLength={limits.remitName} value={value.remitAccountName} onChange={(e) => set('remitAccountName', e.target.value)} aria-label="打款账户名" />
      </label>
      <label className="row">
        <span>打款账户{remitterRequired ? '' : '（选填）'}</span>
        <input className="text-input right" maxLength={limits.remitNumber} value={value.remitAccountNumber} onChange={(e) => set('remitAccountNumber', e.target.value)} aria-label="打款账户" />
      </label>
      <label className="row">
        <span>备注</span>
        <input className="text-input right" maxLength={limits.remark} placeholder="选填" value={value.remark} onChange={(e) => set('remark', e.target.value)} aria-label="备注" />
      </label>
      <div className="card-subtitle">打款凭证（最多6张）</div>
      <VoucherUploader value={value.vouchers} onChange={(update) => onChange((prev) => ({ ...prev, vouchers: update(prev.vouchers) }))} />
    </section>
  );
}

/** spec 2 §5 / spec 3 §5 offline rules, in order; null when the form may be submitted. */
export function offlinePayProblem(v: OfflineValues, remitterRequired: boolean): string | null {
  if (!v.accountId) return '请选择收款账户';
  if (remitterRequired && !v.remitAccountName.trim()) return '请输入打款账户名';
  if (remitterRequired && !v.remitAccountNumber.trim()) return '请输入打款账户';
  if (v.vouchers.length === 0) return '请上传打款凭证';
  if (v.vouchers.some((x) => x.status === 'uploading')) return '图片上传中，请稍后提交';
  if (v.vouchers.some((x) => x.status === 'failed')) return '有凭证上传失败，请删除后重新上传';
  return null;
}

/** The offline fields as the contract's offlineFields take them (vouchers joined by commas). */
export const offlinePayload = (v: OfflineValues) => ({
  accountId: v.accountId,
  remitAccountName: v.remitAccountName.trim(),
  remitAccountNumber: v.remitAccountNumber.trim(),
  remark: v.remark.trim(),
  voucherImgUrl: v.vouchers.map((x) => x.url).join(','),
});
