import type { Insertable } from 'kysely';
import type { ReceiptRecordTable, WechatPaymentTable } from '../../db/schema.js';
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

export async function insertWechatPayment(trx: Trx, row: Insertable<WechatPaymentTable>) {
  await trx.insertInto('wechat_payments').values(row).execute();
}

export function findWechatPayment(db: Executor, outTradeNo: string) {
  return db.selectFrom('wechat_payments').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function findPendingWechatPayment(db: Executor, orderId: number) {
  return db
    .selectFrom('wechat_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Pending WeChat payments created before `before` (for the reconcile job). */
export function findStalePending(db: Executor, before: string, limit = 100) {
  return db
    .selectFrom('wechat_payments')
    .selectAll()
    .where('state', '=', 0)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Compare-and-set of a WeChat payment's state (0 pending → 1 paid / 2 closed / 3 failed): exactly one caller wins. */
export async function movePaymentState(
  trx: Trx,
  id: number,
  from: number,
  to: number,
  patch: { transaction_id?: string | null; paid_at?: string | null } = {},
): Promise<boolean> {
  const res = await trx
    .updateTable('wechat_payments')
    .set({ ...patch, state: to })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPrepayId(db: Executor, outTradeNo: string, prepayId: string) {
  await db.updateTable('wechat_payments').set({ prepay_id: prepayId }).where('out_trade_no', '=', outTradeNo).execute();
}
