import { sql } from 'kysely';
import type { Executor } from '../../db/types.js';

/** The agents `agentId` invited, matching a name or phone fragment when given. */
function invited(db: Executor, agentId: number, search: string) {
  let q = db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .where('a.inviter_id', '=', agentId)
    .where('a.is_active', '=', 1);
  if (search) {
    // Wildcards typed by the user are dropped: both databases then read the pattern alike (no ESCAPE clause needed).
    const like = `%${search.replace(/[\\%_]/g, '')}%`;
    q = q.where((eb) => eb.or([eb('a.agent_name', 'like', like), eb('a.phone', 'like', like)]));
  }
  return q;
}

/** Invited agents per grade (grades without any are left out; the service adds them with 0). */
export function countByGrade(db: Executor, agentId: number, search: string) {
  return invited(db, agentId, search)
    .select(['a.grade_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('a.grade_id')
    .execute();
}

export function friendsPage(db: Executor, agentId: number, search: string, gradeId: number | null, offset: number, limit: number) {
  let q = invited(db, agentId, search);
  if (gradeId) q = q.where('a.grade_id', '=', gradeId);
  return q
    .select(['a.agent_name', 'a.phone', 'a.created_at', 'a.head_img_url', 'g.grade_name'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function grades(db: Executor, platId: string) {
  return db.selectFrom('grades').select(['id', 'grade_name', 'grade_level']).where('plat_id', '=', platId).orderBy('grade_level').execute();
}

/**
 * ADR 0048: the platform's grades, lowest level first, each with how many agents `agentId` invited hold it (matching
 * the search): the tabs and their counts in one statement (`tab`: `g` is the grade joined inside `invited`).
 */
export function gradesWithCounts(db: Executor, platId: string, agentId: number, search: string) {
  return db
    .selectFrom('grades as tab')
    .select(['tab.id', 'tab.grade_name', 'tab.grade_level'])
    .select(() =>
      invited(db, agentId, search)
        .where(sql<boolean>`a.grade_id = tab.id`)
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('n'),
    )
    .where('tab.plat_id', '=', platId)
    .orderBy('tab.grade_level')
    .execute();
}
