import { randomUUID } from 'node:crypto';
import { KEYED_OPERATIONS, type Operation } from '@shop/contract';

const keyed = new Set<string>(KEYED_OPERATIONS);

/**
 * The web and the console send a fresh idempotency key with each new submission of a money-moving operation
 * (ADR 0023); the test harness does the same. A test that retries names its own key; one that proves a missing key is
 * refused sends `idempotencyKey: undefined` (the property is there, so nothing is added; JSON then leaves it out).
 */
export function withIdempotencyKey(op: Operation | string, payload: unknown): unknown {
  const name = typeof op === 'string' ? op.replace(/^.*\//, '').replace(/\.do$/, '') : op.name;
  if (!keyed.has(name) || !payload || typeof payload !== 'object' || Array.isArray(payload) || 'idempotencyKey' in payload) return payload;
  return { ...payload, idempotencyKey: randomUUID() };
}
