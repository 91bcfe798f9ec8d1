import { createHash } from 'node:crypto';

/** Fields never part of a fingerprint: the key itself, and secrets (a payment password is never stored, even hashed). */
const LEFT_OUT = new Set(['idempotencyKey', 'payPassword', 'password']);

/** JSON with keys sorted at every level; undefined and functions are dropped, as JSON.stringify drops them. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined || typeof v === 'function' ? 'null' : stableJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([k, v]) => v !== undefined && typeof v !== 'function' && !LEFT_OUT.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

/**
 * The fingerprint stored with an idempotency key (ADR 0023, the Stripe rule): sha256 of the operation, the actor and
 * the meaningful inputs, so the same key with other content can be told from a retry.
 */
export function requestFingerprint(operation: string, actorId: number, input: unknown): string {
  return createHash('sha256').update(stableJson({ operation, actorId, input })).digest('hex');
}
