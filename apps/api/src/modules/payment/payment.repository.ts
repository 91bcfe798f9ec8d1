import type { Insertable } from 'kysely';
import type { ReceiptRecordTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export function findOfflineAccounts(db: Executor, platId: string) {
  return db.selectFrom('offline_accounts').selectAll().where('plat_id', '=', platId).orderBy('is_default', 'desc').orderBy('id').execute();
}

export function findOfflineAccount(db: Executor, platId: string, id: number) {
  return db.selectFrom('offline_accounts').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

export async function lineChargeVoucher(db: Executor, platId: string): Promise<number> {
  const row = await db.selectFrom('offline_pay_settings').select('line_charge_voucher').where('plat_id', '=', platId).executeTakeFirst();
  return row?.line_charge_voucher ?? 1;
}

export async function insertReceipt(trx: Trx, row: Insertable<ReceiptRecordTable>) {
  await trx.insertInto('receipt_records').values(row).execute();
}

/** The newest receipt record of an order still waiting for review (check_state 0). */
export function pendingReceipt(db: Executor, orderId: number) {
  return db
    .selectFrom('receipt_records')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('check_state', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Compare-and-set 0 (pending) → 1 approved / 2 rejected: false when someone reviewed it first. */
export async function checkReceipt(trx: Trx, receiptId: number, to: 1 | 2, remark: string, at: string, by: number | null = null): Promise<boolean> {
  const res = await trx
    .updateTable('receipt_records')
    .set({ check_state: to, check_remark: remark, checked_at: at, checked_by: by })
    .where('id', '=', receiptId)
    .where('check_state', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** An order's receipt records (offline payment proofs), newest first (the agent's order detail, spec 2 §3). */
export function receiptsOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('receipt_records').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}
