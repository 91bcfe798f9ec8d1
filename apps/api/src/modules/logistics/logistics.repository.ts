import type { Executor, Trx } from '../../db/types.js';

/** An order's parcels in the order they were shipped (tab 包裹一 is the first). */
export function parcelsOf(db: Executor, orderId: number, limit: number) {
  return db.selectFrom('order_parcels').selectAll().where('order_id', '=', orderId).orderBy('id').limit(limit).execute();
}

export async function insertParcels(
  trx: Trx,
  orderId: number,
  parcels: { logisticsName: string; shipperCode: string; waybillCode: string; phone: string }[],
  at: string,
) {
  await trx
    .insertInto('order_parcels')
    .values(
      parcels.map((p) => ({
        order_id: orderId,
        logistics_name: p.logisticsName,
        shipper_code: p.shipperCode,
        waybill_code: p.waybillCode,
        phone: p.phone,
        created_at: at,
      })),
    )
    .execute();
}
