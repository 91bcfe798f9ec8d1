import type { Executor } from '../../db/types.js';

export async function findAttempt(db: Executor, key: string) {
  return db.selectFrom('attempts').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Restart a window that began before `windowStartedBefore`, or whose lock has run out. */
export async function resetStaleWindow(db: Executor, key: string, windowStartedBefore: string, now: string) {
  await db
    .updateTable('attempts')
    .set({ count: 0, pending: 0, window_start: now, locked_until: null })
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

/**
 * Takes a slot for one check while failures and checks under way stay below the limit (ADR 0024), in one statement;
 * answers the row after it, or undefined when no slot was free.
 */
export async function reserveSlot(db: Executor, key: string, limit: number, now: string) {
  return db
    .insertInto('attempts')
    .values({ key, count: 0, pending: 1, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ pending: eb('attempts.pending', '+', 1) }))
        .where((eb) => eb(eb('attempts.count', '+', eb.ref('attempts.pending')), '<', limit)),
    )
    .returning(['count', 'pending'])
    .executeTakeFirst();
}

/** The counts as they stand (after a refused reservation: locked, or only busy with checks under way). */
export async function findCounts(db: Executor, key: string) {
  return db.selectFrom('attempts').select(['count', 'pending', 'locked_until']).where('key', '=', key).executeTakeFirst();
}

/** A check under way ended well: its slot is given back and the failures start again from zero. */
export async function releaseSlot(db: Executor, key: string) {
  await db
    .updateTable('attempts')
    .set((eb) => ({ count: 0, pending: eb.case().when('pending', '>', 0).then(eb('pending', '-', 1)).else(0).end() }))
    .where('key', '=', key)
    .execute();
}

/** A check under way failed: its slot becomes a failure in one statement; answers the failures now counted. */
export async function slotFailed(db: Executor, key: string, now: string): Promise<number> {
  const row = await db
    .insertInto('attempts')
    .values({ key, count: 1, pending: 0, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb('attempts.count', '+', 1),
        pending: eb.case().when('attempts.pending', '>', 0).then(eb('attempts.pending', '-', 1)).else(0).end(),
      })),
    )
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
