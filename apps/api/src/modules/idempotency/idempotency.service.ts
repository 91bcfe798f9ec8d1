import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor, Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { requestFingerprint } from '../../lib/fingerprint.js';
import { findKey, insertKey, saveAnswer, type ActorKind } from './idempotency.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export interface Submission {
  platId: string;
  actorKind: ActorKind;
  actorId: number;
  key: string;
  /** The operation's name: one key never serves two operations. */
  operation: string;
  /** What the submission asks for; the key and the payment password are left out of the fingerprint. */
  input: unknown;
  at: string;
}

/** Called first in the submission's transaction: records the key, so the money moves and the key commit together. */
export type Claim = (trx: Trx) => Promise<void>;

/** Another submission with this key committed first. */
class KeyTaken extends Error {}


/** How long a duplicate waits for the first submission's answer (it has committed, its answer follows at once). */
const WAIT_MS = 5_000;
const POLL_MS = 20;

/**
 * A money-moving submission done once per (actor, key) (ADR 0023, the Stripe rule): the same key with the same content
 * answers the first answer and moves nothing; the same key with other content is refused. `work` calls `claim(trx)`
 * first in the transaction that moves money; a path that moves nothing (a WeChat prepay) never claims and is not kept.
 */
export async function once<T>(db: Executor, s: Submission, work: (claim: Claim) => Promise<T>): Promise<T> {
  const fingerprint = requestFingerprint(s.operation, s.actorId, s.input);
  const earlier = await findKey(db, s.actorKind, s.actorId, s.key);
  if (earlier) return answerOf<T>(db, s, fingerprint);
  let claimed = false;
  let result: T;
  try {
    result = await work(async (trx) => {
      try {
        await insertKey(trx, {
          plat_id: s.platId,
          actor_kind: s.actorKind,
          actor_id: s.actorId,
          idempotency_key: s.key,
          operation: s.operation,
          idempotency_fingerprint: fingerprint,
          answer: null,
          created_at: s.at,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new KeyTaken();
        throw err;
      }
      claimed = true;
    });
  } catch (err) {
    // Two submissions with one key at once: the unique (actor, key) let the other in; answer what it answered.
    if (err instanceof KeyTaken) return answerOf<T>(db, s, fingerprint);
    throw err;
  }
  if (claimed) await saveAnswer(db, s.actorKind, s.actorId, s.key, JSON.stringify(result ?? null));
  return result;
}

async function answerOf<T>(db: Executor, s: Submission, fingerprint: string): Promise<T> {
  for (let waited = 0; ; waited += POLL_MS) {
    const row = await findKey(db, s.actorKind, s.actorId, s.key);
    if (row && row.idempotency_fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row?.answer !== null && row?.answer !== undefined) return JSON.parse(row.answer) as T;
    if (waited >= WAIT_MS) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await sleep(POLL_MS);
  }
}
