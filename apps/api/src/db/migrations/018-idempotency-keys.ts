import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Idempotency keys with a request fingerprint (ADR 0023): one row per (actor, key) for every money-moving submission,
 * holding the operation, the sha256 fingerprint of what was asked and the first answer. Additive only; the older key
 * columns on orders, transfers and withdrawals stay as history.
 */
export function idempotencyKeys(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        // 'agent' or 'staff': the two id spaces never share a key.
        .addColumn('actor_kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('actor_id', 'bigint', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('operation', 'varchar(64)', (c) => c.notNull())
        .addColumn('idempotency_fingerprint', 'varchar(64)', (c) => c.notNull())
        // JSON of the first answer; null while the first submission is still being answered.
        .addColumn('answer', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_actor_key', ['actor_kind', 'actor_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
