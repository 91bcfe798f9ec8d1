import type { Executor, Trx } from '../../db/types.js';
import type { NewAgent } from '../../db/schema.js';
import { agentCode } from '../../lib/agent-code.js';

/** The agent with what userInfo shows: grade name and the upper agent (inviter). */
function agentWithGrade(db: Executor) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .leftJoin('agents as up', 'up.id', 'a.inviter_id')
    .select([
      'a.id',
      'a.plat_id',
      'a.phone',
      'a.agent_name',
      'a.agent_code',
      'a.agent_status',
      'a.is_need_bond_status',
      'a.is_active',
      'a.grade_id',
      'a.head_img_url',
      'a.pay_password_hash',
      'g.grade_name',
      'a.agent_type',
      'up.id as up_id',
      'up.agent_code as up_code',
      'up.agent_name as up_name',
      'up.phone as up_phone',
    ]);
}
export type AgentProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileById>>>;

export function findProfileById(db: Executor, id: number) {
  return agentWithGrade(db).where('a.id', '=', id).executeTakeFirst();
}

/** The balances (fen; points whole). */
export function findBalances(db: Executor, id: number) {
  return db
    .selectFrom('agents')
    .select(['last_store', 'lave_income', 'lave_integral', 'bond_money', 'frozen_store', 'open_id', 'pay_password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function findCredentialsByPhone(db: Executor, platId: string, phone: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'password_hash', 'is_active', 'login_disabled_at', 'must_change_password'])
    .where('plat_id', '=', platId)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export function findByPhone(db: Executor, platId: string, phone: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'agent_name', 'phone', 'agent_code', 'is_active'])
    .where('plat_id', '=', platId)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export async function insertAgent(trx: Trx, agent: Omit<NewAgent, 'agent_code'>): Promise<number> {
  const { id } = await trx
    .insertInto('agents')
    .values({ ...agent, agent_code: `tmp-${agent.phone}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const agentId = Number(id);
  await trx.updateTable('agents').set({ agent_code: agentCode(agentId) }).where('id', '=', agentId).execute();
  return agentId;
}

/** The agent's system code: DL and six digits of its id. */

/** A password the agent chose clears the must-change flag; a staff reset's one-time password sets it (ADR 0024). */
export async function setPasswordHash(db: Executor, id: number, hash: string, mustChange = false) {
  await db.updateTable('agents').set({ password_hash: hash, must_change_password: mustChange ? 1 : 0 }).where('id', '=', id).execute();
}

export async function setOpenId(db: Executor, id: number, openId: string) {
  await db.updateTable('agents').set({ open_id: openId }).where('id', '=', id).execute();
}

export function findSetting(db: Executor, platId: string) {
  return db.selectFrom('agent_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst();
}

export function findGrades(db: Executor, platId: string) {
  return db.selectFrom('grades').selectAll().where('plat_id', '=', platId).orderBy('grade_level').execute();
}

/**
 * ADR 0017, 0027: an approved top-up / upgrade sets the grade (and, for a first top-up, makes the agent active: status
 * 1), by compare-and-set on the grade the application was made from: false when the grade has changed since.
 */
export async function setGrade(trx: Trx, id: number, fromGradeId: number, gradeId: number, activate: boolean): Promise<boolean> {
  const r = await trx
    .updateTable('agents')
    .set({ grade_id: gradeId, ...(activate ? { agent_status: 1 } : {}) })
    .where('id', '=', id)
    .where('grade_id', '=', fromGradeId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** ADR 0017: an approved deposit opens buying (0); a refund of all of it closes it again (1). */
export async function setNeedBond(trx: Trx, id: number, need: 0 | 1) {
  await trx.updateTable('agents').set({ is_need_bond_status: need }).where('id', '=', id).execute();
}
