import type { Executor } from '../../db/types.js';

/** The agent's own order list (spec 2 §2): every read names the agent; state -1 is all states. */
const ofAgent = (db: Executor, agentId: number, state: number) => {
  const q = db.selectFrom('orders').where('create_agent_id', '=', agentId);
  return state === -1 ? q : q.where('circulation_state', '=', state);
};

/**
 * The agent's orders in one state (-1: all), newest first: `offset` rows skipped, or (ADR 0041) a seek past the last
 * order of the previous page when `beforeId` is known, which costs the same on page 100 as on page 1.
 */
export function listAgentOrders(db: Executor, agentId: number, state: number, limit: number, offset: number, beforeId?: number) {
  const q = ofAgent(db, agentId, state).selectAll().orderBy('id', 'desc').limit(limit);
  return beforeId === undefined ? q.offset(offset).execute() : q.where('id', '<', beforeId).execute();
}

export async function countAgentOrders(db: Executor, agentId: number, state: number): Promise<number> {
  const row = await ofAgent(db, agentId, state)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
