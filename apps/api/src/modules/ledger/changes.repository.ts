import { storedAccount } from '../../db/tables/ledger.js';
import type { Executor } from '../../db/types.js';

/** Reads of the ledger's change records of one balance of an agent (the staff console), newest first. */
function changesOf(db: Executor, platId: string, agentId: number, account: string) {
  return db.selectFrom('account_changes').where('plat_id', '=', platId).where('agent_id', '=', agentId).where('account', '=', storedAccount(account));
}

export async function countChanges(db: Executor, platId: string, agentId: number, account: string): Promise<number> {
  const r = await changesOf(db, platId, agentId, account).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function pageChanges(db: Executor, platId: string, agentId: number, account: string, limit: number, offset: number) {
  return changesOf(db, platId, agentId, account)
    .select(['id', 'amount', 'balance_after', 'change_state', 'order_code', 'remark', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
