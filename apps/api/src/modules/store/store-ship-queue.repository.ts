import { sql } from 'kysely';
import { STORE_ORDER_STATE } from '@shop/contract';
import type { Executor } from '../../db/types.js';

/**
 * Paid VD orders awaiting shipment (ADR 0038, ADR 0042): the warehouse's one queue reads them beside the agents'
 * orders, through the store face. The agent joined is the store's owner (the queue's 代理商 column).
 */
export interface ShipQueueFilter {
  platId: string;
  /** Part of the VD code. */
  orderCode?: string;
  /** The receiver's, the consumer's or the store agent's phone (whole number). */
  phone?: string;
}

const contains = (text: string) => sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

function queue(db: Executor, f: ShipQueueFilter) {
  let q = db
    .selectFrom('store_orders as o')
    .innerJoin('agents as a', 'a.id', 'o.agent_id')
    .where('o.plat_id', '=', f.platId)
    .where('o.state', '=', STORE_ORDER_STATE.toShip);
  if (f.orderCode) q = q.where('o.order_code', 'like', contains(f.orderCode));
  if (f.phone) {
    const phone = f.phone;
    q = q.where((eb) => eb.or([eb('o.receiver_phone', '=', phone), eb('o.consumer_phone', '=', phone), eb('a.phone', '=', phone)]));
  }
  return q;
}

export async function countToShip(db: Executor, f: ShipQueueFilter): Promise<number> {
  const r = await queue(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The oldest payment first (ties by id), as the agents' queue orders itself. */
export function toShipRows(db: Executor, f: ShipQueueFilter, limit: number, offset: number) {
  return queue(db, f)
    .selectAll('o')
    .select(['a.agent_name', 'a.phone as agent_phone', 'a.agent_code'])
    .orderBy('o.pay_date')
    .orderBy('o.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
