import type { Executor } from '../../db/types.js';

/** An agent's withdrawals and collection accounts, newest first, for the console's agent detail (ADR 0033): reads only. */
export async function withdrawalsOfAgent(db: Executor, platId: string, agentId: number, limit: number, offset: number) {
  const base = db.selectFrom('withdrawals').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}

/** Deleted accounts too (marked): a withdrawal of the past may have gone to one. */
export async function accountsOfAgent(db: Executor, platId: string, agentId: number, limit: number, offset: number) {
  const base = db.selectFrom('collection_accounts').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('is_deleted').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}

/** Frozen goods-fund records (ADR 0017), newest first: held until their release date, then thawed by the agent. */
export async function frozenOfAgent(db: Executor, platId: string, agentId: number, limit: number, offset: number) {
  const base = db.selectFrom('frozen_records').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { rows, total: Number(n) };
}
