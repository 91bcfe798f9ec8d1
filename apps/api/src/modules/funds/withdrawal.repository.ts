import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { WithdrawalTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type WithdrawalRow = Selectable<WithdrawalTable>;

export function findRule(db: Executor, platId: string) {
  return db.selectFrom('withdraw_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

/** Inserts the application; its code is TX + the id (unique by construction). */
export async function insertWithdrawal(trx: Trx, row: Omit<Insertable<WithdrawalTable>, 'withdraw_code'>): Promise<WithdrawalRow> {
  const { id } = await trx
    .insertInto('withdrawals')
    // A unique placeholder of exactly 40 characters, the column's width (PostgreSQL refuses longer text).
    .values({ ...row, withdraw_code: `tmp-${randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('withdrawals').set({ withdraw_code: `TX${String(id).padStart(10, '0')}` }).where('id', '=', Number(id)).execute();
  return trx.selectFrom('withdrawals').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
}

export function findByKey(db: Executor, agentId: number, key: string) {
  return db.selectFrom('withdrawals').selectAll().where('agent_id', '=', agentId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function findOfPlatform(db: Executor, platId: string, id: number) {
  return db.selectFrom('withdrawals').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

const ofAgent = (db: Executor, agentId: number, checkState: number | null) => {
  let q = db.selectFrom('withdrawals').where('agent_id', '=', agentId);
  if (checkState !== null) q = q.where('check_state', '=', checkState);
  return q;
};

export async function countOfAgent(db: Executor, agentId: number, checkState: number | null) {
  const r = await ofAgent(db, agentId, checkState).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first, as the record screen reads them. */
export function pageOfAgent(db: Executor, agentId: number, checkState: number | null, limit: number, offset: number) {
  return ofAgent(db, agentId, checkState).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countPending(db: Executor, platId: string) {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('check_state', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Oldest first: the review queue is worked from its front. */
export function pagePending(db: Executor, platId: string, limit: number, offset: number) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('agents as a', 'a.id', 'w.agent_id')
    .selectAll('w')
    .select(['a.agent_name', 'a.phone', 'a.agent_code'])
    .where('w.plat_id', '=', platId)
    .where('w.check_state', '=', 0)
    .orderBy('w.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Compare-and-set 0 (withdrawing) → 1 paid / 2 refused: false when someone reviewed it first. */
export async function settle(trx: Trx, id: number, to: 1 | 2, set: { check_remark: string; payout_reference: string; checked_at: string; checked_by: number }) {
  const r = await trx.updateTable('withdrawals').set({ check_state: to, ...set }).where('id', '=', id).where('check_state', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** ADR 0030: a withdrawal of the platform by its code (the bank's result file names it). */
export function findByCode(db: Executor, platId: string, code: string) {
  return db.selectFrom('withdrawals').selectAll().where('plat_id', '=', platId).where('withdraw_code', '=', code).executeTakeFirst();
}
