import type { Insertable, Selectable } from 'kysely';
import type { OrderRefundLineTable, OrderRefundTable, RefundPayoutTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type OrderRefundRow = Selectable<OrderRefundTable>;
export type RefundPayoutRowDb = Selectable<RefundPayoutTable>;

export async function insertRefund(trx: Trx, row: Insertable<OrderRefundTable>): Promise<number> {
  const r = await trx.insertInto('order_refunds').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function setRefundCode(trx: Trx, id: number, code: string) {
  await trx.updateTable('order_refunds').set({ refund_code: code }).where('id', '=', id).execute();
}

export async function insertRefundLines(trx: Trx, rows: Insertable<OrderRefundLineTable>[]) {
  if (rows.length > 0) await trx.insertInto('order_refund_lines').values(rows).execute();
}

export async function insertPayout(trx: Trx, row: Insertable<RefundPayoutTable>) {
  await trx.insertInto('refund_payouts').values(row).execute();
}

export function refundsOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function findRefund(db: Executor, id: number) {
  return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function linesOfRefunds(db: Executor, refundIds: readonly number[]) {
  if (refundIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_refund_lines').selectAll().where('refund_id', 'in', refundIds).orderBy('id').execute();
}

export function payoutsOfRefunds(db: Executor, refundIds: readonly number[]) {
  if (refundIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('refund_payouts').selectAll().where('refund_id', 'in', refundIds).execute();
}

/** The finance list: payouts of a platform, pending first then newest, with the refund's and the order's codes. */
function payoutsQuery(db: Executor, platId: string, state: number | undefined) {
  let q = db
    .selectFrom('refund_payouts as p')
    .innerJoin('order_refunds as r', 'r.id', 'p.refund_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .where('p.plat_id', '=', platId);
  if (state !== undefined) q = q.where('p.state', '=', state);
  return q;
}

export async function countPayouts(db: Executor, platId: string, state: number | undefined): Promise<number> {
  const r = await payoutsQuery(db, platId, state).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function pagePayouts(db: Executor, platId: string, state: number | undefined, limit: number, offset: number) {
  return payoutsQuery(db, platId, state)
    .selectAll('p')
    .select(['r.refund_code', 'o.order_code', 'o.create_agent_name', 'o.create_agent_tel'])
    .orderBy('p.state')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findPayout(db: Executor, platId: string, id: number) {
  return payoutsQuery(db, platId, undefined)
    .selectAll('p')
    .select(['r.refund_code', 'o.order_code', 'o.create_agent_name', 'o.create_agent_tel'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}
export type PayoutListRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

/** 待打款 → 已打款 by compare-and-set: of two finance clerks at once one records it. */
export async function markPayoutPaid(trx: Trx, id: number, e: { reference: string; by: string; at: string }): Promise<boolean> {
  const res = await trx
    .updateTable('refund_payouts')
    .set({ state: 1, pay_reference: e.reference, paid_by: e.by, paid_at: e.at })
    .where('id', '=', id)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What the order's earlier refunds gave back, per method and in points (the base of the next split). */
export async function refundedSoFar(db: Executor, orderId: number) {
  const r = await db
    .selectFrom('order_refunds')
    .where('order_id', '=', orderId)
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('store_amount'), eb.lit(0)).as('store'),
      eb.fn.coalesce(eb.fn.sum<number>('income_amount'), eb.lit(0)).as('income'),
      eb.fn.coalesce(eb.fn.sum<number>('wechat_amount'), eb.lit(0)).as('wechat'),
      eb.fn.coalesce(eb.fn.sum<number>('offline_amount'), eb.lit(0)).as('offline'),
      eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('points'),
      eb.fn.coalesce(eb.fn.sum<number>('gift_points_taken'), eb.lit(0)).as('giftTaken'),
      eb.fn.coalesce(eb.fn.sum<number>('gift_points_short'), eb.lit(0)).as('giftShort'),
    ])
    .executeTakeFirstOrThrow();
  return {
    store: Number(r.store),
    income: Number(r.income),
    wechat: Number(r.wechat),
    offline: Number(r.offline),
    points: Number(r.points),
    giftTaken: Number(r.giftTaken),
    giftShort: Number(r.giftShort),
  };
}

/** What staff refunds gave back on each order (fen, every method), for the console's export (ADR 0034). */
export async function refundedOfOrders(db: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db
      .selectFrom('order_refunds')
      .select(['order_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .groupBy('order_id')
      .execute();
    for (const r of rows) totals.set(Number(r.order_id), Number(r.total));
  }
  return totals;
}
