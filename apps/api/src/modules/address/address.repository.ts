import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Executor, Trx } from '../../db/types.js';
import type { LogisticsAddressTable } from '../../db/schema.js';

export type AddressRow = Selectable<LogisticsAddressTable>;
export type NewAddress = Insertable<LogisticsAddressTable>;
/** What an edit may change: never the owner. */
export type AddressChange = Omit<Updateable<LogisticsAddressTable>, 'id' | 'plat_id' | 'agent_id' | 'create_su_id' | 'create_su_name' | 'created_at'>;

/** Every read and write names the agent: another agent's address is simply not there. */
const ofAgent = (db: Executor, agentId: number) => db.selectFrom('logistics_addresses').where('agent_id', '=', agentId);

export function findForAgent(db: Executor, agentId: number, id: number) {
  return ofAgent(db, agentId).selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDefault(db: Executor, agentId: number) {
  return ofAgent(db, agentId).selectAll().where('is_def_addr', '=', 1).executeTakeFirst();
}

/** The default first, then the newest. */
export function listForAgent(db: Executor, agentId: number, opts: { isDefAddr?: number; limit: number; offset: number }) {
  let q = ofAgent(db, agentId).selectAll();
  if (opts.isDefAddr !== undefined) q = q.where('is_def_addr', '=', opts.isDefAddr);
  return q.orderBy('is_def_addr', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute();
}

export async function countForAgent(db: Executor, agentId: number, isDefAddr?: number): Promise<number> {
  let q = ofAgent(db, agentId).select((eb) => eb.fn.countAll<number>().as('n'));
  if (isDefAddr !== undefined) q = q.where('is_def_addr', '=', isDefAddr);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(trx: Trx, row: NewAddress): Promise<number> {
  const { id } = await trx.insertInto('logistics_addresses').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Answers whether a row of the agent was changed. */
export async function updateForAgent(db: Executor, agentId: number, id: number, change: AddressChange): Promise<boolean> {
  const result = await db
    .updateTable('logistics_addresses')
    .set(change)
    .where('id', '=', id)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteForAgent(db: Executor, agentId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('logistics_addresses').where('id', '=', id).where('agent_id', '=', agentId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Clears the agent's default, except on `keepId`; the first half of "at most one default". */
export async function clearDefault(trx: Trx, agentId: number, now: string, keepId?: number) {
  let q = trx.updateTable('logistics_addresses').set({ is_def_addr: 0, updated_at: now }).where('agent_id', '=', agentId).where('is_def_addr', '=', 1);
  if (keepId !== undefined) q = q.where('id', '<>', keepId);
  await q.execute();
}

/**
 * Serialises the default changes of one agent (PostgreSQL: a lock on the agent's row, held to the end of the
 * transaction; SQLite runs one transaction at a time anyway). The unique index on the default stays the backstop.
 */
export async function lockAgentAddresses(trx: Trx, dialect: Dialect, agentId: number) {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('agents').select('id').where('id', '=', agentId).forNoKeyUpdate().execute();
}
