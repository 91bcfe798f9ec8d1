import type { Insertable } from 'kysely';
import type { OrderLineTable, OrderLogTable, OrderTable, OrderUpdate } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';
import { assertTransition } from './order-state.js';

export function findRules(db: Executor, platId: string) {
  return db.selectFrom('order_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

export function findPayMethods(db: Executor, platId: string, onlyEnabled: boolean) {
  let q = db.selectFrom('pay_methods').selectAll().where('plat_id', '=', platId);
  if (onlyEnabled) q = q.where('is_enable', '=', 1);
  return q.orderBy('sort').orderBy('id').execute();
}

/** The province's rule, else the platform's default ('000000'). */
export async function findFreightRule(db: Executor, platId: string, provinceCode: string) {
  const rows = await db
    .selectFrom('freight_rules')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('province_code', 'in', [provinceCode, '000000'])
    .execute();
  return rows.find((r) => r.province_code === provinceCode) ?? rows[0];
}

export function findPointSetting(db: Executor, platId: string) {
  return db.selectFrom('point_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

export function findByIdempotencyKey(db: Executor, agentId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('create_agent_id', '=', agentId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertOrder(trx: Trx, order: Insertable<OrderTable>, lines: Omit<Insertable<OrderLineTable>, 'order_id'>[]) {
  const { id } = await trx.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  const orderId = Number(id);
  if (lines.length) await trx.insertInto('order_lines').values(lines.map((l) => ({ ...l, order_id: orderId }))).execute();
  return orderId;
}

export function findOrderForAgent(db: Executor, agentId: number, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('create_agent_id', '=', agentId).executeTakeFirst();
}

/** Orders of the agent by state, for the my-page tiles. */
export function countByState(db: Executor, agentId: number) {
  return db
    .selectFrom('orders')
    .select(['circulation_state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('create_agent_id', '=', agentId)
    .groupBy('circulation_state')
    .execute();
}

/**
 * Compare-and-set of the order state (ARCHITECTURE: status fields move along the transitions map only): false when the
 * order is no longer in `from` (another request or a job moved it first).
 */
export async function moveState(
  trx: Trx,
  orderId: number,
  from: number,
  to: number,
  patch: Omit<OrderUpdate, 'circulation_state'> = {},
): Promise<boolean> {
  // Staying in a state (from === to) only updates fields, still guarded by the state.
  if (from !== to) assertTransition(from, to);
  const res = await trx
    .updateTable('orders')
    .set({ ...patch, circulation_state: to })
    .where('id', '=', orderId)
    .where('circulation_state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** moveState that answers the moved row (UPDATE … RETURNING, both dialects), or undefined when the order was not in `from`. */
export async function moveStateReturning(trx: Trx, orderId: number, from: number, to: number, patch: Omit<OrderUpdate, 'circulation_state'> = {}) {
  if (from !== to) assertTransition(from, to);
  return trx
    .updateTable('orders')
    .set({ ...patch, circulation_state: to })
    .where('id', '=', orderId)
    .where('circulation_state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends the balance reservation of a WeChat split on a still-unpaid order: true for exactly one caller. A close of the
 * order (which gives the reservation back itself) or an earlier release makes it false.
 */
export async function releaseReservation(trx: Trx, orderId: number, goodsPart: number): Promise<boolean> {
  const res = await trx
    .updateTable('orders')
    .set({ goods_pay_money: 0, other_actual_money: 0 })
    .where('id', '=', orderId)
    .where('circulation_state', '=', 1)
    .where('goods_pay_money', '=', goodsPart)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sets the code of an order just inserted and answers the row as saved (RETURNING, both dialects). */
export async function setOrderCode(trx: Trx, orderId: number, code: string) {
  return trx.updateTable('orders').set({ order_code: code }).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
}

/** An order by id, whoever placed it (flows that own the order's transaction; agents are scoped by findOrderForAgent). */
export function findOrderById(db: Executor, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function linesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}
export type OrderLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Unpaid orders whose payment window has closed (`deadline` ISO UTC), oldest deadline first; of one agent if given. */
export function findExpiredUnpaid(db: Executor, deadline: string, limit: number, agentId?: number) {
  let q = db
    .selectFrom('orders')
    .select(['id'])
    .where('circulation_state', '=', 1)
    .where('pay_deadline', 'is not', null)
    .where('pay_deadline', '<=', deadline);
  if (agentId !== undefined) q = q.where('create_agent_id', '=', agentId);
  return q.orderBy('pay_deadline').orderBy('id').limit(limit).execute();
}

/** The order log (who moved the order, when and why), written in the transaction of the move. */
export async function addLog(trx: Trx, row: Insertable<OrderLogTable>) {
  await trx.insertInto('order_logs').values(row).execute();
}

/** A rejected offline payment gives its balance parts back: the order holds none of them any more. */
export async function clearBalanceParts(trx: Trx, orderId: number) {
  await trx.updateTable('orders').set({ goods_pay_money: 0, award_pay_money: 0 }).where('id', '=', orderId).execute();
}
