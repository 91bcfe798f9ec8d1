import type { Executor } from '../../db/types.js';

/** Trace codes, anti-counterfeit codes and their queries (migration 011). */

export function findTrace(db: Executor, platId: string, code: string) {
  return db.selectFrom('trace_codes').selectAll().where('plat_id', '=', platId).where('trace_code', '=', code).executeTakeFirst();
}

export function findReviewCode(db: Executor, platId: string, code: string) {
  return db
    .selectFrom('review_codes')
    .select(['id', 'review_code', 'single_prod_id'])
    .where('plat_id', '=', platId)
    .where('review_code', '=', code)
    .executeTakeFirst();
}

export async function recordQuery(db: Executor, reviewCodeId: number, at: string): Promise<void> {
  await db.insertInto('review_queries').values({ review_code_id: reviewCodeId, queried_at: at }).execute();
}

/** Every query of a code, the first one first. */
export function queriesOf(db: Executor, reviewCodeId: number) {
  return db
    .selectFrom('review_queries')
    .select(['queried_at'])
    .where('review_code_id', '=', reviewCodeId)
    .orderBy('queried_at')
    .orderBy('id')
    .execute();
}
