import { chinaTimeText } from '@shop/contract';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/types.js';

/** 'YYYY-MM' of an ISO UTC instant in China time: the rollup's month (ADR 0045). */
export const chinaMonthOf = (at: string) => chinaTimeText(at).slice(0, 7);

/**
 * Adds to one agent's month of the performance rollup (ADR 0045): one statement, an insert or an increment of the
 * existing row (PostgreSQL locks that row until the payment's transaction ends, so two payments never lose one).
 */
export async function addToMonth(trx: Trx, row: { platId: string; agentId: number; at: string; entries: 1 | -1; orderFen?: number; rechargeFen?: number }) {
  await trx
    .insertInto('performance_months')
    .values({ plat_id: row.platId, agent_id: row.agentId, month: chinaMonthOf(row.at), entries: row.entries, order_money: row.orderFen ?? 0, recharge_money: row.rechargeFen ?? 0 })
    .onConflict((oc) =>
      oc.columns(['agent_id', 'month', 'plat_id']).doUpdateSet({
        entries: sql`performance_months.entries + excluded.entries`,
        order_money: sql`performance_months.order_money + excluded.order_money`,
        recharge_money: sql`performance_months.recharge_money + excluded.recharge_money`,
      }),
    )
    .execute();
}

/**
 * The monthly sums (and how many paid orders and approved top-ups make them: a month whose only order was refunded
 * is no month) of an agent and of every agent below it down to `maxDepth` levels of inviters (spec 3 §2
 * /performance), newest month first, fen: the network is walked inside the database (a recursive query over
 * `agents_inviter`), so the top of a 100,000-agent tree neither carries its ids to the server nor binds them.
 * A (corrupt) cycle ends at `maxDepth`; an agent met twice counts once (`in`).
 */
export async function networkMonths(db: Executor, platId: string, agentId: number, maxDepth: number) {
  const rows = await sql<{ month: string; fen: number | string; entries: number | string }>`
    with recursive network (id, depth) as (
      select id, 0 from agents where id = ${agentId}
      union all
      select a.id, n.depth + 1 from agents a join network n on a.inviter_id = n.id
       where a.plat_id = ${platId} and n.depth < ${maxDepth}
    )
    select month, sum(order_money + recharge_money) as fen, sum(entries) as entries from performance_months
     where plat_id = ${platId} and agent_id in (select id from network)
     group by month order by month desc`.execute(db);
  return rows.rows.map((r) => ({ month: r.month, fen: Number(r.fen), entries: Number(r.entries) }));
}
