import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/types.js';

/**
 * The staff console's reads and writes of agents (ADR 0020), always within the staff member's platform. The
 * writes are compare-and-set: two staff acting at once, one wins and the other is told.
 */

export interface AgentFilters {
  keyword?: string | null;
  gradeId?: number | null;
  agentStatus?: number | null;
  loginEnabled?: boolean | null;
}

function withGrade(db: Executor, platId: string) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .leftJoin('agents as up', 'up.id', 'a.inviter_id')
    .where('a.plat_id', '=', platId);
}

function filtered(db: Executor, platId: string, f: AgentFilters) {
  let q = withGrade(db, platId);
  const keyword = f.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('a.phone', 'like', sql<string>`${like} escape '\\'`),
        eb('a.agent_name', 'like', sql<string>`${like} escape '\\'`),
        eb('a.agent_code', 'like', sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  if (f.gradeId) q = q.where('a.grade_id', '=', f.gradeId);
  if (f.agentStatus === 0 || f.agentStatus === 1) q = q.where('a.agent_status', '=', f.agentStatus);
  if (f.loginEnabled === true) q = q.where('a.login_disabled_at', 'is', null);
  if (f.loginEnabled === false) q = q.where('a.login_disabled_at', 'is not', null);
  return q;
}

const ROW = [
  'a.id',
  'a.agent_name',
  'a.phone',
  'a.agent_code',
  'a.grade_id',
  'g.grade_name',
  'a.agent_status',
  'a.is_active',
  'a.login_disabled_at',
  'a.last_store',
  'a.lave_income',
  'a.lave_integral',
  'a.bond_money',
  'a.frozen_store',
  'a.created_at',
  'up.agent_name as up_name',
  'up.phone as up_phone',
] as const;

export async function countAgents(db: Executor, platId: string, f: AgentFilters): Promise<number> {
  const r = await filtered(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first. */
export function pageAgents(db: Executor, platId: string, f: AgentFilters, limit: number, offset: number) {
  return filtered(db, platId, f).select(ROW).orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}
export type StaffAgentRow = Awaited<ReturnType<typeof pageAgents>>[number];

/** One agent of the platform with everything the detail shows; undefined for another platform's agent. */
export function agentDetail(db: Executor, platId: string, id: number) {
  return withGrade(db, platId)
    .select([
      ...ROW,
      'a.inviter_id',
      'a.wx_number',
      'a.sex',
      'a.birth_date',
      'a.is_need_bond_status',
      'a.bond_waived_at',
      'a.deactivated_at',
      'a.apply_income',
      'a.frozen_award',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** An agent of the platform (id, grade, login switch), for the writes' checks. */
export function agentOfPlatform(db: Executor, platId: string, id: number) {
  return db
    .selectFrom('agents')
    .select(['id', 'agent_name', 'phone', 'grade_id', 'login_disabled_at', 'last_store', 'lave_income', 'lave_integral'])
    .where('plat_id', '=', platId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A link of the invitation tree: the agent with its grade name. */
export function linksOf(db: Executor, platId: string, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withGrade(db, platId)
    .select(['a.id', 'a.agent_name', 'a.phone', 'a.agent_code', 'g.grade_name', 'a.inviter_id'])
    .where('a.id', 'in', ids)
    .execute();
}

/** The agents whose inviter is `id`, oldest first. */
export function inviteesOf(db: Executor, platId: string, id: number) {
  return withGrade(db, platId)
    .select(['a.id', 'a.agent_name', 'a.phone', 'a.agent_code', 'g.grade_name'])
    .where('a.inviter_id', '=', id)
    .orderBy('a.id')
    .execute();
}

/** How many agents each of `ids` invited directly. */
export async function inviteeCounts(db: Executor, platId: string, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('agents')
    .select(['inviter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plat_id', '=', platId)
    .where('inviter_id', 'in', ids)
    .groupBy('inviter_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.inviter_id), Number(r.n)]));
}

/** Agents' names by id (the audit trail's rows). */
export async function agentNamesOf(db: Executor, platId: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('agents').select(['id', 'agent_name']).where('plat_id', '=', platId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.agent_name]));
}

export function gradesOfPlatform(db: Executor, platId: string) {
  return db.selectFrom('grades').select(['id', 'grade_name', 'grade_level']).where('plat_id', '=', platId).orderBy('grade_level').execute();
}

export function gradeOfPlatform(db: Executor, platId: string, gradeId: number) {
  return db.selectFrom('grades').select(['id', 'grade_name']).where('plat_id', '=', platId).where('id', '=', gradeId).executeTakeFirst();
}

/** Turns login off (at `now`) or on, only if it is not already so: false when another change came first. */
export async function switchLogin(trx: Trx, id: number, disabledAt: string | null): Promise<boolean> {
  const q = trx.updateTable('agents').set({ login_disabled_at: disabledAt }).where('id', '=', id);
  const r = await (disabledAt ? q.where('login_disabled_at', 'is', null) : q.where('login_disabled_at', 'is not', null)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves the grade from `from` to `to`: false when the grade changed meanwhile. */
export async function moveGrade(trx: Trx, id: number, from: number, to: number): Promise<boolean> {
  const r = await trx.updateTable('agents').set({ grade_id: to }).where('id', '=', id).where('grade_id', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
