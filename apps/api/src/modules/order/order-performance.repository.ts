import type { Executor } from '../../db/types.js';
import { idChunks } from '../../lib/id-chunks.js';
import { ORDER_STATE } from '@shop/contract';

/** States of a paid order that stays paid: awaiting shipment, shipped, received. */
const PAID_STATES = [ORDER_STATE.toShip, ORDER_STATE.shipped, ORDER_STATE.done];

/**
 * Paid orders of a set of agents (performance, ADR 0018), paid in [from, to) when given (ISO UTC). The
 * performance is the goods total (freight excluded), fen.
 */
export async function paidOrdersOf(db: Executor, platId: string, agentIds: readonly number[], range?: { from: string; to: string }) {
  const rows = [];
  for (const part of idChunks(agentIds)) {
    let q = db
      .selectFrom('orders')
      .select(['order_code', 'create_agent_id', 'total_money', 'pay_date'])
      .where('plat_id', '=', platId)
      .where('create_agent_id', 'in', part)
      .where('circulation_state', 'in', PAID_STATES)
      .where('pay_date', 'is not', null);
    if (range) q = q.where('pay_date', '>=', range.from).where('pay_date', '<', range.to);
    rows.push(...(await q.orderBy('pay_date', 'desc').orderBy('id', 'desc').execute()));
  }
  return rows;
}
