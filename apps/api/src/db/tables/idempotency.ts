import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/idempotency, whose repositories are their only writers (ADR 0013): idempotency_keys.
 */

/** One money-moving submission per (actor, key), with its fingerprint and first answer (ADR 0023). */
export interface IdempotencyKeyTable {
  id: Generated<number>;
  plat_id: string;
  actor_kind: 'agent' | 'staff';
  actor_id: number;
  idempotency_key: string;
  operation: string;
  idempotency_fingerprint: string;
  answer: string | null;
  created_at: Timestamp;
}
