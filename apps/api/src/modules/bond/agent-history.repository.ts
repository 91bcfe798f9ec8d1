import type { Executor } from '../../db/types.js';

/**
 * An agent's deposit payments and refunds together, newest first, for the console's agent detail (ADR 0033): each
 * table read up to the page's end, merged and cut (an agent has few of them). Reads only.
 */
export async function bondsOfAgent(db: Executor, platId: string, agentId: number, limit: number, offset: number) {
  const pays = db.selectFrom('bond_pays').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const returns = db.selectFrom('bond_returns').where('plat_id', '=', platId).where('agent_id', '=', agentId);
  const [p, r] = await Promise.all([
    pays.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    returns.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const upTo = limit + offset;
  const [payRows, returnRows] = await Promise.all([
    pays.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(upTo).execute(),
    returns.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(upTo).execute(),
  ]);
  const merged = [
    ...payRows.map((row) => ({ kind: 'pay' as const, row, at: row.created_at })),
    ...returnRows.map((row) => ({ kind: 'return' as const, row, at: row.created_at })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { rows: merged.slice(offset, upTo), total: Number(p.n) + Number(r.n) };
}
