import { UPGRADE_MESSAGES as M } from '@shop/contract';
import type { Executor } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { receivingColumns } from '../../lib/receiving-account.js';
import { chinaDate } from '../../lib/clock.js';
import * as payments from '../../modules/payment/payment.queries.js';
import type { VoucherCheck } from '../../modules/payment/payment.queries.js';

export interface OfflineInput {
  accountId?: number | '' | null;
  remitAccountName?: string | null;
  remitAccountNumber?: string | null;
  voucherImgUrl?: string | null;
}

/**
 * spec 3 §5 Upgrade payment / Deposit payment, offline: a receiving account of the platform, the remitter's name and
 * account when lineChargeVoucher is 2, and one to six vouchers the payer uploaded (the wing's voucher check), in the
 * order the form shows them. Answers the columns a top-up or deposit application (and an order's receipt record, whose
 * vouchers are kept ';'-separated as the legacy wire has them) keeps. The one offline check of every paid subject.
 */
export async function offlineProof(db: Executor, vouchers: VoucherCheck, platId: string, agentId: number, r: OfflineInput, separator = ',') {
  const account = r.accountId ? await payments.findOfflineAccount(db, platId, r.accountId) : undefined;
  if (!account) throw new AppError('VALIDATION', M.accountRequired);
  if ((await payments.lineChargeVoucher(db, platId)) === 2) {
    if (!r.remitAccountName) throw new AppError('VALIDATION', M.remitNameRequired);
    if (!r.remitAccountNumber) throw new AppError('VALIDATION', M.remitNumberRequired);
  }
  const urls = await vouchers.vouchersOf(agentId, r.voucherImgUrl ?? '');
  return {
    account_id: Number(account.id),
    ...receivingColumns(account),
    remit_account_name: r.remitAccountName ?? '',
    remit_account_number: r.remitAccountNumber ?? '',
    voucher_img_url: urls.join(separator),
  };
}

/** A code unique by construction: prefix, China date, the row id (as order codes are). */
export function codeOf(prefix: 'HK' | 'HG' | 'HT', at: Date, id: number): string {
  const day = chinaDate(at).replaceAll('-', '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}

/** A placeholder code for the insert, replaced by codeOf(id) in the same transaction. */
export const provisionalCode = () => `T${crypto.randomUUID().replaceAll('-', '').slice(0, 30)}`;

