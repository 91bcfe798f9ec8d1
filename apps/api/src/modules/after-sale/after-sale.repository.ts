import { AFTER_SALE_OPEN_STATES } from '@shop/contract';
import { sql, type Insertable } from 'kysely';
import type { AfterSaleStepTable, AfterSaleTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

/** The after-sales tables (ADR 0036); this repository is their only writer. */

export async function insertRequest(trx: Trx, row: Insertable<AfterSaleTable>): Promise<number> {
  const r = await trx.insertInto('after_sales').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function setCode(trx: Trx, id: number, code: string) {
  await trx.updateTable('after_sales').set({ code }).where('id', '=', id).execute();
}

export async function insertLines(trx: Trx, afterSaleId: number, lines: { orderLineId: number; qty: number }[]) {
  if (lines.length) await trx.insertInto('after_sale_lines').values(lines.map((l) => ({ after_sale_id: afterSaleId, order_line_id: l.orderLineId, qty: l.qty }))).execute();
}

export async function insertPhotos(trx: Trx, afterSaleId: number, urls: string[]) {
  if (urls.length) await trx.insertInto('after_sale_photos').values(urls.map((url) => ({ after_sale_id: afterSaleId, url }))).execute();
}

export async function addStep(trx: Trx, row: Insertable<AfterSaleStepTable>) {
  await trx.insertInto('after_sale_steps').values(row).execute();
}

/**
 * Compare-and-set of a request's state (ADR 0036): false when another step moved it first. A request leaving the open
 * states clears `is_open`, so the order may have a new request.
 */
export async function moveState(
  trx: Trx,
  id: number,
  from: number,
  to: number,
  at: string,
  set: { reject_reason?: string; carrier?: string; waybill_code?: string; order_refund_id?: number } = {},
): Promise<boolean> {
  const r = await trx
    .updateTable('after_sales')
    .set({ ...set, state: to, is_open: AFTER_SALE_OPEN_STATES.includes(to) ? 1 : 0, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findRequest(db: Executor, id: number) {
  return db.selectFrom('after_sales').selectAll().where('id', '=', id).executeTakeFirst();
}
export type AfterSaleRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export function findOpenOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('after_sales').selectAll().where('order_id', '=', orderId).where('is_open', '=', 1).executeTakeFirst();
}

/** The requested quantity per order line in the order's open requests. */
export async function openQtyByLine(db: Executor, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('after_sale_lines as l')
    .innerJoin('after_sales as a', 'a.id', 'l.after_sale_id')
    .select(['l.order_line_id', 'l.qty'])
    .where('a.order_id', '=', orderId)
    .where('a.is_open', '=', 1)
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) out.set(Number(r.order_line_id), (out.get(Number(r.order_line_id)) ?? 0) + r.qty);
  return out;
}

/** Of these orders, those with an open request (the income release job skips them, ADR 0036). */
export async function ordersWithOpenRequest(db: Executor, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectFrom('after_sales').select('order_id').where('order_id', 'in', [...orderIds]).where('is_open', '=', 1).execute();
  return new Set(rows.map((r) => Number(r.order_id)));
}

export function linesOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('after_sale_lines').selectAll().where('after_sale_id', 'in', [...ids]).orderBy('id').execute();
}

export function photosOf(db: Executor, id: number) {
  return db.selectFrom('after_sale_photos').select('url').where('after_sale_id', '=', id).orderBy('id').execute();
}

export function stepsOf(db: Executor, id: number) {
  return db.selectFrom('after_sale_steps').selectAll().where('after_sale_id', '=', id).orderBy('id').execute();
}

/** The agent's own requests, newest first; state 0 or absent: all. */
function agentQuery(db: Executor, agentId: number, state?: number) {
  let q = db.selectFrom('after_sales').where('agent_id', '=', agentId);
  if (state) q = q.where('state', '=', state);
  return q;
}

export async function countOfAgent(db: Executor, agentId: number, state?: number) {
  const r = await agentQuery(db, agentId, state).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function pageOfAgent(db: Executor, agentId: number, state: number | undefined, limit: number, offset: number) {
  return agentQuery(db, agentId, state).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** The platform's requests for staff, with the order's code and the agent's name and phone. */
function staffQuery(db: Executor, platId: string, f: { state?: number; keyword?: string }) {
  let q = db.selectFrom('after_sales as a').innerJoin('orders as o', 'o.id', 'a.order_id').where('a.plat_id', '=', platId);
  if (f.state) q = q.where('a.state', '=', f.state);
  if (f.keyword) {
    // A LIKE pattern for "contains", with the wildcards of the text itself escaped (as the order search does).
    const like = sql<string>`${`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        eb('a.code', 'like', like),
        eb('o.order_code', 'like', like),
        eb('o.create_agent_name', 'like', like),
        eb('o.create_agent_tel', 'like', like),
      ]),
    );
  }
  return q;
}

export async function countOfPlatform(db: Executor, platId: string, f: { state?: number; keyword?: string }) {
  const r = await staffQuery(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function pageOfPlatform(db: Executor, platId: string, f: { state?: number; keyword?: string }, limit: number, offset: number) {
  return staffQuery(db, platId, f).selectAll('a').orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}
