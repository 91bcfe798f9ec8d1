import type { Insertable, Selectable, Updateable } from 'kysely';
import type { BondPayTable, BondReturnTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type BondPayRow = Selectable<BondPayTable>;
export type BondReturnRow = Selectable<BondReturnTable>;
type Table = 'bond_pays' | 'bond_returns';

export async function insertBondPay(trx: Trx, row: Insertable<BondPayTable>): Promise<number> {
  const { id } = await trx.insertInto('bond_pays').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function insertBondReturn(trx: Trx, row: Insertable<BondReturnTable>): Promise<number> {
  const { id } = await trx.insertInto('bond_returns').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function setCode(trx: Trx, table: Table, id: number, code: string) {
  if (table === 'bond_pays') await trx.updateTable('bond_pays').set({ bond_code: code }).where('id', '=', id).execute();
  else await trx.updateTable('bond_returns').set({ bond_return_code: code }).where('id', '=', id).execute();
}

export function findBondPay(db: Executor, id: number) {
  return db.selectFrom('bond_pays').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBondPayOfAgent(db: Executor, agentId: number, id: number) {
  return db.selectFrom('bond_pays').selectAll().where('agent_id', '=', agentId).where('id', '=', id).executeTakeFirst();
}

export function findBondPayByCode(db: Executor, agentId: number, code: string) {
  return db.selectFrom('bond_pays').selectAll().where('agent_id', '=', agentId).where('bond_code', '=', code).executeTakeFirst();
}

export function findBondReturn(db: Executor, id: number) {
  return db.selectFrom('bond_returns').selectAll().where('id', '=', id).executeTakeFirst();
}

export function openBondPay(db: Executor, agentId: number) {
  return db.selectFrom('bond_pays').selectAll().where('agent_id', '=', agentId).where('check_state', 'in', [-1, 0]).executeTakeFirst();
}

export function pendingBondReturn(db: Executor, agentId: number) {
  return db.selectFrom('bond_returns').selectAll().where('agent_id', '=', agentId).where('check_state', '=', 0).executeTakeFirst();
}

export function latestBondPay(db: Executor, agentId: number) {
  return db.selectFrom('bond_pays').selectAll().where('agent_id', '=', agentId).where('check_state', 'in', [0, 1, 2]).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Compare-and-set of a payment application's state: exactly one caller wins. */
export async function moveBondPay(trx: Trx, id: number, from: number, to: number, patch: Updateable<BondPayTable> = {}): Promise<boolean> {
  const res = await trx.updateTable('bond_pays').set({ ...patch, check_state: to }).where('id', '=', id).where('check_state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function moveBondReturn(trx: Trx, id: number, from: number, to: number, patch: Updateable<BondReturnTable> = {}): Promise<boolean> {
  const res = await trx.updateTable('bond_returns').set({ ...patch, check_state: to }).where('id', '=', id).where('check_state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The agent's records in a state (-1: all shown ones), newest first, with the total for the pager. */
export async function pageOfAgent(db: Executor, table: Table, agentId: number, state: number, limit: number, offset: number) {
  const base = db
    .selectFrom(table)
    .where('agent_id', '=', agentId)
    .where('check_state', state === -1 ? 'in' : '=', state === -1 ? [0, 1, 2] : state);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countInState(db: Executor, table: Table, platId: string, state: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('check_state', '=', state)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The staff lists: a state's rows with their agent, oldest first. */
export function payPageInState(db: Executor, platId: string, state: number, limit: number, offset: number) {
  return db
    .selectFrom('bond_pays as b')
    .innerJoin('agents as a', 'a.id', 'b.agent_id')
    .selectAll('b')
    .select(['a.agent_name', 'a.phone', 'a.agent_code'])
    .where('b.plat_id', '=', platId)
    .where('b.check_state', '=', state)
    .orderBy('b.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function returnPageInState(db: Executor, platId: string, state: number, limit: number, offset: number) {
  return db
    .selectFrom('bond_returns as b')
    .innerJoin('agents as a', 'a.id', 'b.agent_id')
    .selectAll('b')
    .select(['a.agent_name', 'a.phone', 'a.agent_code', 'a.bond_money as held'])
    .where('b.plat_id', '=', platId)
    .where('b.check_state', '=', state)
    .orderBy('b.id')
    .limit(limit)
    .offset(offset)
    .execute();
}
