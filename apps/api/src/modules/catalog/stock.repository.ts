import type { Trx } from '../../db/types.js';

/** Stock and sales of a sale or its reversal: conditional updates, so a sale never takes stock below zero. */

export async function takeStock(trx: Trx, singleProdId: number, num: number): Promise<boolean> {
  const r = await trx
    .updateTable('single_products')
    .set((eb) => ({ virtual_num: eb('virtual_num', '-', num) }))
    .where('id', '=', singleProdId)
    .where('virtual_num', '>=', num)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function returnStock(trx: Trx, singleProdId: number, num: number): Promise<void> {
  await trx
    .updateTable('single_products')
    .set((eb) => ({ virtual_num: eb('virtual_num', '+', num) }))
    .where('id', '=', singleProdId)
    .execute();
}

export async function takeActivityStock(trx: Trx, itemId: number, num: number): Promise<boolean> {
  const r = await trx
    .updateTable('activity_items')
    .set((eb) => ({ last_num: eb('last_num', '-', num) }))
    .where('id', '=', itemId)
    .where('last_num', '>=', num)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('activities')
    .set((eb) => ({ all_use_num: eb('all_use_num', '+', num) }))
    .where('id', '=', (eb) => eb.selectFrom('activity_items as ai').select('ai.activity_id').where('ai.id', '=', itemId))
    .execute();
  return true;
}

export async function returnActivityStock(trx: Trx, itemId: number, num: number): Promise<void> {
  await trx
    .updateTable('activity_items')
    .set((eb) => ({ last_num: eb('last_num', '+', num) }))
    .where('id', '=', itemId)
    .execute();
  await trx
    .updateTable('activities')
    .set((eb) => ({ all_use_num: eb('all_use_num', '-', num) }))
    .where('id', '=', (eb) => eb.selectFrom('activity_items as ai').select('ai.activity_id').where('ai.id', '=', itemId))
    .where('all_use_num', '>=', num)
    .execute();
}

/** Units sold count towards a product's sales (sales = baseSale + actualSale). */
export async function addSales(trx: Trx, prodId: number, num: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ actual_sale: eb('actual_sale', '+', num) }))
    .where('id', '=', prodId)
    .where('actual_sale', '>=', Math.max(0, -num))
    .execute();
}
