import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): the platform's offline receiving accounts and the offline voucher rule. */
export async function read(db: Executor, platId: string) {
  const [accounts, offlinePay] = await Promise.all([
    db.selectFrom('offline_accounts').selectAll().where('plat_id', '=', platId).orderBy('id').execute(),
    db.selectFrom('offline_pay_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
  ]);
  return { accounts, offlinePay };
}

/**
 * Kept ids are updated, others deleted, new ones inserted. Payments keep a copy of the account they were paid to
 * (receive_* columns), so a deleted account leaves no record without its details.
 */
export async function replaceAccounts(
  trx: Trx,
  platId: string,
  accounts: { id?: number | null; account_classify: number; bank_dic_name: string; sub_bank_name: string; account_name: string; account_number: string; qr_code_img_url: string; is_default: number }[],
) {
  const kept = accounts.map((a) => a.id).filter((id): id is number => !!id);
  let del = trx.deleteFrom('offline_accounts').where('plat_id', '=', platId);
  if (kept.length) del = del.where('id', 'not in', kept);
  await del.execute();
  for (const { id, ...values } of accounts) {
    const updated = id ? await trx.updateTable('offline_accounts').set(values).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst() : undefined;
    if (!updated || Number(updated.numUpdatedRows) === 0) await trx.insertInto('offline_accounts').values({ plat_id: platId, ...values }).execute();
  }
}

export async function saveVoucherRule(trx: Trx, platId: string, lineChargeVoucher: number) {
  const r = await trx.updateTable('offline_pay_settings').set({ line_charge_voucher: lineChargeVoucher }).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('offline_pay_settings').values({ plat_id: platId, line_charge_voucher: lineChargeVoucher }).execute();
}
