import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/limits, whose repositories are their only writers (ADR 0013): attempts.
 */

/** Counters for lockouts and quotas (login failures per account, SMS per phone per day). */
export interface AttemptTable {
  key: string;
  count: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
  /** Checks under way that hold a slot (ADR 0024: payment password); they count towards the limit until settled. */
  pending: Generated<number>;
}

/** ADR 0040: per-address request limits shared by every process: the count in the window that began at window_start_ms. */
export interface RateCounterTable {
  key: string;
  count: number;
  window_start_ms: number;
}
