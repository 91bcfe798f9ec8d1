import type { Executor } from '../../db/types.js';

/**
 * ADR 0040: one hit on a fixed-window counter in ONE statement (insert, or add one; a window over starts again at one),
 * so parallel hits from several processes never lose a count. Both databases evaluate every SET expression against
 * the row as it was, so the two CASEs agree. Answers the count after this hit and when its window began.
 */
export async function hit(db: Executor, key: string, nowMs: number, windowMs: number): Promise<{ count: number; windowStartMs: number }> {
  const over = nowMs - windowMs;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: 1, window_start_ms: nowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb.case().when('rate_counters.window_start_ms', '<=', over).then(1).else(eb('rate_counters.count', '+', 1)).end(),
        window_start_ms: eb.case().when('rate_counters.window_start_ms', '<=', over).then(nowMs).else(eb.ref('rate_counters.window_start_ms')).end(),
      })),
    )
    .returning(['count', 'window_start_ms'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStartMs: Number(row.window_start_ms) };
}

/** Deletes counters whose window began before `beforeMs` (they would start again at one anyway). */
export async function sweep(db: Executor, beforeMs: number): Promise<void> {
  await db.deleteFrom('rate_counters').where('window_start_ms', '<', beforeMs).execute();
}
