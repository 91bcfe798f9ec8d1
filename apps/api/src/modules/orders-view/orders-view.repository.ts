import type { Executor } from '../../db/types.js';

/** Reads of the order list and detail; every read names the agent (the order's own rows: order.queries). */

const ofAgent = (db: Executor, agentId: number, state: number) => {
  const q = db.selectFrom('orders').where('create_agent_id', '=', agentId);
  return state === -1 ? q : q.where('circulation_state', '=', state);
};

/**
 * The agent's orders in one state (-1: all), newest first: `offset` rows skipped, or (ADR 0041) a seek past the last
 * order of the previous page when `beforeId` is known, which costs the same on page 100 as on page 1.
 */
export function listForAgent(db: Executor, agentId: number, state: number, limit: number, offset: number, beforeId?: number) {
  const q = ofAgent(db, agentId, state).selectAll().orderBy('id', 'desc').limit(limit);
  return beforeId === undefined ? q.offset(offset).execute() : q.where('id', '<', beforeId).execute();
}

export async function countForAgent(db: Executor, agentId: number, state: number): Promise<number> {
  const row = await ofAgent(db, agentId, state)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}


/** The first parcel's waybill of each order. */
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

export function receiptsOf(db: Executor, orderId: number) {
  return db.selectFrom('receipt_records').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}
