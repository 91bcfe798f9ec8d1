import type { Executor } from '../../db/types.js';

/**
 * Issue 20 §4: what was refunded on each order (fen), for the console's export: the refunds that succeeded, by order.
 * Orders without one are absent (the export shows 0).
 */
export async function refundedByOrder(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('refunds')
      .select(['subject_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('subject_kind', '=', 'order')
      .where('state', '=', 1)
      .where('subject_id', 'in', orderIds.slice(i, i + 500))
      .groupBy('subject_id')
      .execute();
    for (const r of rows) totals.set(Number(r.subject_id), Number(r.total));
  }
  return totals;
}
