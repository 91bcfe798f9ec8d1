import type { Insertable, Selectable, Updateable } from 'kysely';
import type { RechargeApplyTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type RechargeRow = Selectable<RechargeApplyTable>;

/** check_state values that hold the agent's one open slot (the partial unique index recharge_applies_open). */
export const OPEN_STATES = [-1, 0] as const;

export function findGrades(db: Executor, platId: string) {
  return db.selectFrom('grades').selectAll().where('plat_id', '=', platId).orderBy('grade_level').orderBy('id').execute();
}

export function findRules(db: Executor, platId: string) {
  return db.selectFrom('upgrade_rules').selectAll().where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute();
}

export async function rechargeFlags(db: Executor, platId: string) {
  const row = await db.selectFrom('recharge_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst();
  return { rechargeState: row?.recharge_state ?? 0, loanRechargeState: row?.loan_recharge_state ?? 0 };
}

/** Agents the agent invited who made their first top-up (a recruit rule counts them). */
export async function countRecruits(db: Executor, agentId: number): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', agentId)
    .where('agent_status', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertRecharge(trx: Trx, row: Insertable<RechargeApplyTable>): Promise<number> {
  const { id } = await trx.insertInto('recharge_applies').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function setRechargeCode(trx: Trx, id: number, code: string) {
  await trx.updateTable('recharge_applies').set({ recharge_code: code }).where('id', '=', id).execute();
}

export function findRecharge(db: Executor, id: number) {
  return db.selectFrom('recharge_applies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRechargeOfAgent(db: Executor, agentId: number, id: number) {
  return db.selectFrom('recharge_applies').selectAll().where('agent_id', '=', agentId).where('id', '=', id).executeTakeFirst();
}

export function findRechargeByCode(db: Executor, agentId: number, code: string) {
  return db.selectFrom('recharge_applies').selectAll().where('agent_id', '=', agentId).where('recharge_code', '=', code).executeTakeFirst();
}

/** The agent's newest application that is not a cancelled WeChat attempt (what /upgrade shows). */
export function latestRecharge(db: Executor, agentId: number) {
  return db
    .selectFrom('recharge_applies')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('check_state', 'in', [0, 1, 2])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function openRecharge(db: Executor, agentId: number) {
  return db.selectFrom('recharge_applies').selectAll().where('agent_id', '=', agentId).where('check_state', 'in', [...OPEN_STATES]).executeTakeFirst();
}

/** Compare-and-set of an application's state: exactly one caller wins. */
export async function moveRecharge(trx: Trx, id: number, from: number, to: number, patch: Updateable<RechargeApplyTable> = {}): Promise<boolean> {
  const res = await trx.updateTable('recharge_applies').set({ ...patch, check_state: to }).where('id', '=', id).where('check_state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countInState(db: Executor, platId: string, state: number): Promise<number> {
  const row = await db
    .selectFrom('recharge_applies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('check_state', '=', state)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Applications in a state with their agent and grades, oldest first (the staff list). */
export function pageInState(db: Executor, platId: string, state: number, limit: number, offset: number) {
  return db
    .selectFrom('recharge_applies as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .leftJoin('grades as og', 'og.id', 'r.old_grade_id')
    .leftJoin('grades as ng', 'ng.id', 'r.new_grade_id')
    .selectAll('r')
    .select(['a.agent_name', 'a.phone', 'a.agent_code', 'og.grade_name as old_grade_name', 'ng.grade_name as new_grade_name'])
    .where('r.plat_id', '=', platId)
    .where('r.check_state', '=', state)
    .orderBy('r.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The agent's own applications that are records (pending, recharged, rejected), newest first; state null: all. */
function ownRecords(db: Executor, agentId: number, state: number | null) {
  const states = state === null ? [0, 1, 2] : [state];
  return db.selectFrom('recharge_applies').where('agent_id', '=', agentId).where('check_state', 'in', states);
}

export async function countOwnRecords(db: Executor, agentId: number, state: number | null): Promise<number> {
  const row = await ownRecords(db, agentId, state).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageOwnRecords(db: Executor, agentId: number, state: number | null, limit: number, offset: number) {
  return ownRecords(db, agentId, state).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
