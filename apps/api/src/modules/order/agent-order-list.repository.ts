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

/**
 * ADR 0048: one page of the agent's order list in ONE statement: the page's rows, each with its first waybill
 * (`first_waybill`), the count behind pageTotal (`total_rows`) and whether any unpaid order of the agent is past its
 * window at `deadline` (`expired_unpaid`, 1/0: the caller closes them and reads again, ADR 0013). Both subqueries
 * are uncorrelated, so each database evaluates them once per statement. An empty page carries neither: the caller
 * asks countAgentOrders and findExpiredUnpaid then.
 */
export function pageAgentOrders(db: Executor, agentId: number, state: number, limit: number, offset: number, beforeId: number | undefined, deadline: string) {
  let q = ofAgent(db, agentId, state)
    .selectAll('orders')
    .select((eb) => [
      eb
        .selectFrom('order_parcels as p')
        .select('p.waybill_code')
        .whereRef('p.order_id', '=', 'orders.id')
        .orderBy('p.id')
        .limit(1)
        .as('first_waybill'),
      (state === -1
        ? eb.selectFrom('orders as c').where('c.create_agent_id', '=', agentId)
        : eb.selectFrom('orders as c').where('c.create_agent_id', '=', agentId).where('c.circulation_state', '=', state)
      )
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('total_rows'),
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('orders as e')
              .select('e.id')
              .where('e.create_agent_id', '=', agentId)
              .where('e.circulation_state', '=', 1)
              .where('e.pay_deadline', 'is not', null)
              .where('e.pay_deadline', '<=', deadline),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('expired_unpaid'),
    ])
    .orderBy('orders.id', 'desc')
    .limit(limit);
  q = beforeId === undefined ? q.offset(offset) : q.where('orders.id', '<', beforeId);
  return q.execute();
}
