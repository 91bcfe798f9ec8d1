import type { Executor } from '../../db/types.js';

/** The agent's own order list (spec 2 §2): every read names the agent; state -1 is all states. */
const ofAgent = (db: Executor, agentId: number, state: number) => {
  const q = db.selectFrom('orders').where('create_agent_id', '=', agentId);
  return state === -1 ? q : q.where('circulation_state', '=', state);
};

/** The agent's orders in one state (-1: all), newest first. */
export function listAgentOrders(db: Executor, agentId: number, state: number, limit: number, offset: number) {
  return ofAgent(db, agentId, state).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAgentOrders(db: Executor, agentId: number, state: number): Promise<number> {
  const row = await ofAgent(db, agentId, state)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
