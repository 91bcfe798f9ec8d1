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

/** The parcels of many orders (the console's export, ADR 0035), by order, in shipping order. */
export async function parcelsOfOrders(db: Executor, orderIds: readonly number[]) {
  const byOrder = new Map<number, { logistics_name: string; waybill_code: string }[]>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('order_parcels')
      .select(['order_id', 'logistics_name', 'waybill_code'])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .orderBy('id')
      .execute();
    for (const r of rows) byOrder.set(Number(r.order_id), [...(byOrder.get(Number(r.order_id)) ?? []), r]);
  }
  return byOrder;
}

/** ADR 0035: the warehouse corrects one parcel, compare-and-set on the waybill it read; false when it changed. */
export async function correctParcel(
  trx: Trx,
  orderId: number,
  parcelId: number,
  from: { shipperCode: string; waybillCode: string },
  to: { logisticsName: string; shipperCode: string; waybillCode: string; phone: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('order_parcels')
    .set({ logistics_name: to.logisticsName, shipper_code: to.shipperCode, waybill_code: to.waybillCode, phone: to.phone })
    .where('id', '=', parcelId)
    .where('order_id', '=', orderId)
    .where('shipper_code', '=', from.shipperCode)
    .where('waybill_code', '=', from.waybillCode)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** ADR 0035: a parcel never handed over: the order's parcels go (the order log and the audit keep what they were). */
export async function removeParcels(trx: Trx, orderId: number) {
  await trx.deleteFrom('order_parcels').where('order_id', '=', orderId).execute();
}

/** The first parcel's waybill of each order (the agent's order list and detail, spec 2 §2–§3). */
export async function firstWaybills(db: Executor, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_parcels')
    .select(['order_id', 'waybill_code'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  const first = new Map<number, string>();
  for (const r of rows) if (!first.has(Number(r.order_id))) first.set(Number(r.order_id), r.waybill_code);
  return first;
}
