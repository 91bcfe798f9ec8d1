import type { Executor } from '../../db/types.js';

/** An agent's orders as the staff console's agent detail shows them (ADR 0020): how many, and the newest. */
export async function countOrdersOfAgent(db: Executor, platId: string, agentId: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('create_agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function recentOrdersOfAgent(db: Executor, platId: string, agentId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_code', 'circulation_state', 'actual_money', 'created_at'])
    .where('plat_id', '=', platId)
    .where('create_agent_id', '=', agentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
