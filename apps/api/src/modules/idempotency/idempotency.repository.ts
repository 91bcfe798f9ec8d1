import type { Insertable } from 'kysely';
import type { IdempotencyKeyTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type ActorKind = 'agent' | 'staff';

export function findKey(db: Executor, actorKind: ActorKind, actorId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('actor_kind', '=', actorKind)
    .where('actor_id', '=', actorId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** In the submission's own transaction: the unique (actor, key) lets one submission in. */
export async function insertKey(trx: Trx, row: Insertable<IdempotencyKeyTable>) {
  await trx.insertInto('idempotency_keys').values(row).execute();
}

export async function saveAnswer(db: Executor, actorKind: ActorKind, actorId: number, key: string, answer: string) {
  await db
    .updateTable('idempotency_keys')
    .set({ answer })
    .where('actor_kind', '=', actorKind)
    .where('actor_id', '=', actorId)
    .where('idempotency_key', '=', key)
    .execute();
}
