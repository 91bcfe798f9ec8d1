import { storedAccount } from '../../db/tables/ledger.js';
import type { Executor } from '../../db/types.js';

/**
 * An agent's change records of one balance (the ledger's account_changes, read-only here): changeType 1 income
 * (amount > 0), 2 expense, anything else all. Newest first.
 */
function recordsOf(db: Executor, agentId: number, account: 'store' | 'totalScore', changeType: number | null) {
  let q = db.selectFrom('account_changes').where('agent_id', '=', agentId).where('account', '=', storedAccount(account));
  if (changeType === 1) q = q.where('amount', '>', 0);
  if (changeType === 2) q = q.where('amount', '<', 0);
  return q;
}

export async function countRecords(db: Executor, agentId: number, account: 'store' | 'totalScore', changeType: number | null) {
  const r = await recordsOf(db, agentId, account, changeType).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function pageRecords(db: Executor, agentId: number, account: 'store' | 'totalScore', changeType: number | null, limit: number, offset: number) {
  return recordsOf(db, agentId, account, changeType)
    .select(['id', 'amount', 'change_state', 'order_code', 'remark', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The balances this area shows, with the gates of withdrawal and transfer. */
export function fundsOf(db: Executor, agentId: number) {
  return db
    .selectFrom('agents')
    .select(['id', 'plat_id', 'last_store', 'frozen_store', 'lave_income', 'apply_income', 'frozen_award', 'is_need_bond_status', 'grade_id'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
}

/** The agent of the platform with that phone (staff act within their own platform only). */
export function agentOfPlatformByPhone(db: Executor, platId: string, phone: string) {
  return db.selectFrom('agents').select(['id', 'plat_id', 'last_store']).where('plat_id', '=', platId).where('phone', '=', phone).executeTakeFirst();
}

/** A transfer recipient: the active agent of the platform with that phone, with its grade's name. */
export function recipientByPhone(db: Executor, platId: string, phone: string) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .select(['a.id', 'a.agent_name', 'a.phone', 'a.agent_code', 'a.grade_id', 'a.is_active', 'g.grade_name'])
    .where('a.plat_id', '=', platId)
    .where('a.phone', '=', phone)
    .executeTakeFirst();
}

export function agentNameOf(db: Executor, agentId: number) {
  return db.selectFrom('agents').select('agent_name').where('id', '=', agentId).executeTakeFirst();
}

/**
 * ADR 0048: a page of the records with the count behind pageTotal in the same statement (`total_rows`, an
 * uncorrelated subquery each database evaluates once). An empty page carries no count: the caller asks countRecords.
 */
export function pageRecordsCounted(db: Executor, agentId: number, account: 'store' | 'totalScore', changeType: number | null, limit: number, offset: number) {
  return recordsOf(db, agentId, account, changeType)
    .select(['id', 'amount', 'change_state', 'order_code', 'remark', 'created_at'])
    .select(() => recordsOf(db, agentId, account, changeType).select((eb) => eb.fn.countAll<number>().as('n')).as('total_rows'))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
