import type { Insertable, Selectable } from 'kysely';
import type { CollectionAccountTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type CollectionAccountRow = Selectable<CollectionAccountTable>;

const live = (db: Executor, agentId: number) =>
  db.selectFrom('collection_accounts').where('agent_id', '=', agentId).where('is_deleted', '=', 0);

/** The agent's own account (another agent's answers undefined: "not found"). */
export function findOwn(db: Executor, agentId: number, id: number) {
  return live(db, agentId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countOwn(db: Executor, agentId: number): Promise<number> {
  const r = await live(db, agentId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The /eceiving list: newest first, whatever the default is, so ticking 设为默认 never moves a row on the next visit
 * (spec 3 §2 Collection accounts; the row carries its 默认 tag).
 */
export function pageOwnByAge(db: Executor, agentId: number, limit: number, offset: number) {
  return live(db, agentId).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Default first, then newest (the pick lists of withdrawal and payment, where the default is the first choice). */
export function pageOwn(db: Executor, agentId: number, limit: number, offset: number) {
  return live(db, agentId).selectAll().orderBy('is_default', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function insertAccount(trx: Trx, row: Insertable<CollectionAccountTable>): Promise<number> {
  const r = await trx.insertInto('collection_accounts').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateOwn(trx: Trx, agentId: number, id: number, set: Partial<Insertable<CollectionAccountTable>>): Promise<boolean> {
  const r = await trx.updateTable('collection_accounts').set(set).where('id', '=', id).where('agent_id', '=', agentId).where('is_deleted', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One default per agent: clears the others' flag (in the transaction that sets the new one). */
export async function clearDefault(trx: Trx, agentId: number) {
  await trx.updateTable('collection_accounts').set({ is_default: 0 }).where('agent_id', '=', agentId).where('is_default', '=', 1).execute();
}

export function findBank(db: Executor, platId: string, id: number) {
  return db.selectFrom('withdraw_banks').selectAll().where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
}

export function banks(db: Executor, platId: string) {
  return db.selectFrom('withdraw_banks').select(['id', 'bank_name']).where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute();
}
