import type { Deps } from '../../deps.js';
import { HOUR, MINUTE } from '../../lib/clock.js';
import * as repo from './rate-counters.repository.js';

/** Counters older than this are deleted now and then; every per-address window is far shorter. */
const KEEP_MS = HOUR;
const SWEEP_EVERY_MS = 10 * MINUTE;

/**
 * Per-address request limits kept in the database (ADR 0040), so every process behind one address counts the same
 * window: the store `@fastify/rate-limit` asks on each limited call (see http/rate-limit-store.ts).
 */
export function createRateCounters({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  let lastSweep = 0;
  return {
    /** Counts one call under `key`; answers the calls in the current window (this one included) and the ms left in it. */
    async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
      const now = clock.now().getTime();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await repo.sweep(db.kysely, now - KEEP_MS);
      }
      const { count, windowStartMs } = await repo.hit(db.kysely, key, now, windowMs);
      return { count, ttlMs: Math.max(0, windowStartMs + windowMs - now) };
    },
  };
}
export type RateCounters = ReturnType<typeof createRateCounters>;
