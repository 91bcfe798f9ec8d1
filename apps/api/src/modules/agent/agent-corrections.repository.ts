import { sql } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Executor, Trx } from '../../db/types.js';

/**
 * ADR 0035: staff corrections of an agent (profile, inviter). Every write is a compare-and-set on what the staff
 * member read, in the caller's transaction.
 */

export interface AgentProfileFields {
  agent_name: string;
  wx_number: string;
  phone: string;
}

/** The platform's agent with the fields a correction reads (null: none, or another platform's). */
export function correctionTarget(db: Executor, platId: string, id: number) {
  return db
    .selectFrom('agents')
    .select(['id', 'agent_name', 'agent_code', 'wx_number', 'phone', 'inviter_id', 'is_active'])
    .where('plat_id', '=', platId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether another agent of the platform logs in with this phone. */
export async function phoneUsedByOther(db: Executor, platId: string, phone: string, exceptId: number): Promise<boolean> {
  const row = await db.selectFrom('agents').select('id').where('plat_id', '=', platId).where('phone', '=', phone).where('id', '!=', exceptId).executeTakeFirst();
  return !!row;
}

export async function updateProfile(trx: Trx, id: number, from: AgentProfileFields, to: AgentProfileFields): Promise<boolean> {
  const r = await trx
    .updateTable('agents')
    .set(to)
    .where('id', '=', id)
    .where('agent_name', '=', from.agent_name)
    .where('wx_number', '=', from.wx_number)
    .where('phone', '=', from.phone)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The inviter chain above an agent (nearest first), up to `max` steps; a corrupt cycle stops it. */
export async function ancestorsOf(db: Executor, id: number, max = 100): Promise<number[]> {
  const chain: number[] = [];
  let current: number | null = id;
  while (current !== null && chain.length < max) {
    const row: { inviter_id: number | null } | undefined = await db.selectFrom('agents').select('inviter_id').where('id', '=', current).executeTakeFirst();
    const up: number | null = row?.inviter_id == null ? null : Number(row.inviter_id);
    if (up === null || chain.includes(up) || up === id) {
      if (up !== null) chain.push(up);
      break;
    }
    chain.push(up);
    current = up;
  }
  return chain;
}

/** The inviter moves from `from` to `to`; false when someone changed it meanwhile. */
export async function setInviter(trx: Trx, id: number, from: number | null, to: number): Promise<boolean> {
  const q = trx.updateTable('agents').set({ inviter_id: to }).where('id', '=', id);
  const r = await (from === null ? q.where('inviter_id', 'is', null) : q.where('inviter_id', '=', from)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * ADR 0035: inviter changes of one platform take turns (PostgreSQL: a transaction-scoped advisory lock), so two
 * changes at once cannot each pass the cycle check and together close a loop. SQLite runs one write transaction at a
 * time already.
 */
export async function lockNetwork(trx: Trx, dialect: Dialect, platId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`network:${platId}`}))`.execute(trx);
}
