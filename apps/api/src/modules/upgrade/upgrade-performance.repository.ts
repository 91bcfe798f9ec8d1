import type { Executor } from '../../db/types.js';
import { idChunks } from '../../lib/id-chunks.js';

/** Approved top-ups (first top-ups and upgrades) of a set of agents, approved in [from, to) when given (ISO UTC), fen. */
export async function approvedRechargesOf(db: Executor, platId: string, agentIds: readonly number[], range?: { from: string; to: string }) {
  const rows = [];
  for (const part of idChunks(agentIds)) {
    let q = db
      .selectFrom('recharge_applies')
      .select(['recharge_code', 'agent_id', 'recharge_money', 'checked_at'])
      .where('plat_id', '=', platId)
      .where('agent_id', 'in', part)
      .where('check_state', '=', 1)
      .where('checked_at', 'is not', null);
    if (range) q = q.where('checked_at', '>=', range.from).where('checked_at', '<', range.to);
    rows.push(...(await q.orderBy('checked_at', 'desc').orderBy('id', 'desc').execute()));
  }
  return rows;
}
