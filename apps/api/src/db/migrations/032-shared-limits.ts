import type { Kysely, Migration } from 'kysely';

/**
 * ADR 0040: the per-address request limits (newLogin, staffLogin, sendSMSCode …) move from each process's memory into
 * the database, so several processes behind one address count together. One row per (route, address): the count in
 * the current fixed window and when that window began (epoch milliseconds). Lockouts already live in `attempts`.
 */
export function sharedLimits(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
        .execute();
      // The sweep deletes windows long over by this column.
      await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_start_ms').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rate_counters').execute();
    },
  };
}
