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
