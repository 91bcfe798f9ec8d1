import { sql } from 'kysely';
import { ORDER_STATE } from '@shop/contract';
import type { Executor } from '../../db/types.js';

/** States of a paid order that stays paid: awaiting shipment, shipped, received. */
const PAID_STATES = [ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done];

/** The platform's orders in a state (the dashboard's queues: awaiting review, awaiting shipment). */
export async function countOfPlatformInState(db: Executor, platId: string, state: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('circulation_state', '=', state)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Paid orders of the platform paid in [from, to) (ISO UTC), grouped by UTC hour ('YYYY-MM-DDTHH', the first 13
 * characters of the stored ISO text, the same in SQLite and PostgreSQL): the caller folds hours into China days.
 * Amount: what the agent paid (actual_money, fen).
 */
export async function paidByHour(db: Executor, platId: string, from: string, to: string) {
  const hour = sql<string>`substr(pay_date, 1, 13)`;
  const rows = await db
    .selectFrom('orders')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('actual_money').as('amount')])
    .where('plat_id', '=', platId)
    .where('circulation_state', 'in', PAID_STATES)
    .where('pay_date', '>=', from)
    .where('pay_date', '<', to)
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: String(r.hour), orders: Number(r.n), amount: Number(r.amount ?? 0) }));
}
