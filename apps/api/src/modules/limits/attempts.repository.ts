import type { Executor } from '../../db/types.js';

export async function findAttempt(db: Executor, key: string) {
  return db.selectFrom('attempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Restart a window that began before `windowStartedBefore`, or whose lock has run out. */
export async function resetStaleWindow(db: Executor, key: string, windowStartedBefore: string, now: string) {
  await db
    .updateTable('attempts')
    .set({ count: 0, window_start: now, locked_until: null })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('window_start', '<', windowStartedBefore), eb('locked_until', '<=', now)]))
    .execute();
}

/** Atomic increment (insert or add one); answers the new count. */
export async function increment(db: Executor, key: string, now: string): Promise<number> {
  const row = await db
    .insertInto('attempts')
    .values({ key, count: 1, window_start: now, locked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ count: eb('attempts.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function lockUntil(db: Executor, key: string, until: string) {
  await db.updateTable('attempts').set({ locked_until: until }).where('key', '=', key).execute();
}

export async function deleteAttempt(db: Executor, key: string) {
  await db.deleteFrom('attempts').where('key', '=', key).execute();
}
