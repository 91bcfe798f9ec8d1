import { idChunks } from '../../lib/id-chunks.js';
import type { Executor } from '../../db/types.js';

/**
 * Reads of the public lookups and of performance (ADR 0018): an agent with grade and introducer by phone or
 * id, and the agents one level below a set of agents (the inviter chain).
 */
function withGrade(db: Executor) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .leftJoin('agents as up', 'up.id', 'a.inviter_id')
    .select([
      'a.id',
      'a.plat_id',
      'a.agent_name',
      'a.phone',
      'a.agent_code',
      'a.wx_number',
      'a.agent_status',
      'a.is_active',
      'a.created_at',
      'g.grade_name',
      'up.agent_name as up_name',
    ]);
}
export type AgentLookupRow = NonNullable<Awaited<ReturnType<typeof findLookupById>>>;

export function findLookupByPhone(db: Executor, platId: string, phone: string) {
  return withGrade(db).where('a.plat_id', '=', platId).where('a.phone', '=', phone).executeTakeFirst();
}

export function findLookupById(db: Executor, id: number) {
  return withGrade(db).where('a.id', '=', id).executeTakeFirst();
}

/** The agents whose inviter is one of `ids`, with their names. */
export async function invitedBy(db: Executor, platId: string, ids: readonly number[]) {
  const rows: { id: number; agent_name: string }[] = [];
  // A level of a large network binds more ids than one statement may (ADR 0041).
  for (const part of idChunks(ids)) {
    rows.push(...(await db.selectFrom('agents').select(['id', 'agent_name']).where('plat_id', '=', platId).where('inviter_id', 'in', part).execute()));
  }
  return rows;
}
