import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { MINUTE } from '../../lib/clock.js';
import type { Limits, Quota } from '../limits/limits.service.js';

/**
 * Per-address limits of the public lookups (ADR 0018): a quota of lookups a minute, and a lock after a run of
 * misses, so phone numbers and codes cannot be enumerated. The counters live in the database: every server process
 * shares them.
 */
export const LOOKUP_QUOTA: Quota = { limit: 20, windowMs: MINUTE };
export const LOOKUP_MISSES: Quota = { limit: 10, windowMs: 10 * MINUTE, lockMs: 15 * MINUTE };

export function createLookupGuard(limits: Limits, config: Pick<Config, 'rateLimitScale'>) {
  const quota = { ...LOOKUP_QUOTA, limit: LOOKUP_QUOTA.limit * config.rateLimitScale };
  const missKey = (ip: string) => `lookup-miss:${ip}`;
  return {
    /** Before a lookup: refused while the address is locked or over its quota. */
    async enter(ip: string): Promise<void> {
      if (await limits.isLocked(missKey(ip))) throw new AppError('RATE_LIMITED');
      if (!(await limits.take(`lookup:${ip}`, quota))) throw new AppError('RATE_LIMITED');
    },
    /** A lookup found nothing: counts toward the lock. */
    async missed(ip: string): Promise<void> {
      const tries = await limits.attempt(missKey(ip), LOOKUP_MISSES);
      await limits.failed(missKey(ip), tries, LOOKUP_MISSES);
    },
  };
}
export type LookupGuard = ReturnType<typeof createLookupGuard>;
