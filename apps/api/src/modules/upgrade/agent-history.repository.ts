import type { Executor } from '../../db/types.js';

/** An agent's top-ups and upgrades, newest first, for the console's agent detail (ADR 0033): reads only. */
export async function rechargesOfAgent(db: Executor, platId: string, agentId: number, limit: number, offset: number) {
  const base = db.selectFrom('recharge_applies').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}
