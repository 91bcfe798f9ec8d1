import type { Executor } from '../../db/types.js';

/**
 * What WeChat refunded on each order by itself (fen), for the console's export: the automatic refunds that succeeded
 * (a payment that paid for nothing). The WeChat parts of staff refunds count with their refund (ADR 0034). Orders
 * without one are absent.
 */
export async function refundedByOrder(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('refunds')
      .select(['subject_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('subject_kind', '=', 'order')
      .where('state', '=', 1)
      .where('order_refund_id', 'is', null)
      .where('subject_id', 'in', orderIds.slice(i, i + 500))
      .groupBy('subject_id')
      .execute();
    for (const r of rows) totals.set(Number(r.subject_id), Number(r.total));
  }
  return totals;
}
