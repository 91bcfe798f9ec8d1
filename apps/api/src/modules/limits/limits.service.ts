import type { Deps } from '../../deps.js';
import { addMs, iso } from '../../lib/clock.js';
import * as repo from './attempts.repository.js';

export interface Quota {
  limit: number;
  windowMs: number;
  /** How long a key stays locked once the limit is reached (failures), or 0 for a plain quota. */
  lockMs?: number;
}

/** Counters shared by every server process (they live in the database): lockouts and send quotas. */
export function createLimits({ db, clock }: Deps) {
  const k = db.kysely;

  async function count(key: string, q: Quota): Promise<number> {
    const now = clock.now();
    await repo.resetStaleWindow(k, key, iso(addMs(now, -q.windowMs)), iso(now));
    return repo.increment(k, key, iso(now));
  }

  return {
    async isLocked(key: string): Promise<boolean> {
      const row = await repo.findAttempt(k, key);
      return !!row?.locked_until && row.locked_until > iso(clock.now());
    },

    /**
     * Count one try before the (slow) check it guards, so parallel guesses cannot get past the limit; answers the
     * tries in the window, this one included. A success `clear`s the key.
     */
    attempt: (key: string, q: Quota): Promise<number> => count(key, q),

    /** The counted try failed: lock the key when it was the last one allowed. */
    async failed(key: string, tries: number, q: Quota): Promise<void> {
      if (tries >= q.limit && q.lockMs) await repo.lockUntil(k, key, iso(addMs(clock.now(), q.lockMs)));
    },

    /** Take one unit of a quota; false (and nothing taken beyond the limit) when it is used up. */
    async take(key: string, q: Quota): Promise<boolean> {
      return (await count(key, q)) <= q.limit;
    },

    clear: (key: string) => repo.deleteAttempt(k, key),

    /**
     * ADR 0024 (failures only): takes a slot for one check while failures + checks under way < limit. 'locked' when
     * the failures reached it (or the key is locked), 'busy' when only checks under way fill it (retry shortly).
     */
    async reserve(key: string, q: Quota): Promise<'ok' | 'locked' | 'busy'> {
      const now = clock.now();
      await repo.resetStaleWindow(k, key, iso(addMs(now, -q.windowMs)), iso(now));
      const row = await repo.findCounts(k, key);
      if (row?.locked_until && row.locked_until > iso(now)) return 'locked';
      if (await repo.reserveSlot(k, key, q.limit, iso(now))) return 'ok';
      const after = await repo.findCounts(k, key);
      return !after || Number(after.count) < q.limit ? 'busy' : 'locked';
    },

    /** Settles a reserved slot: a success gives it back (and forgets the failures); a failure is counted, and locks at the limit. Answers the failures. */
    async settle(key: string, ok: boolean, q: Quota): Promise<number> {
      if (ok) {
        await repo.releaseSlot(k, key);
        return 0;
      }
      const failures = await repo.slotFailed(k, key, iso(clock.now()));
      if (failures >= q.limit && q.lockMs) await repo.lockUntil(k, key, iso(addMs(clock.now(), q.lockMs)));
      return failures;
    },
  };
}
export type Limits = ReturnType<typeof createLimits>;
