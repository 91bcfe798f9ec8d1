import type { Kysely, Migration } from 'kysely';

/**
 * Content console (ADR 0022): a banner gets a time window and an on/off switch; the shop shows only enabled
 * banners inside their window (an empty end is open). Additive only; existing banners stay shown.
 */
export function contentConsole(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('banners').addColumn('start_at', 'varchar(32)').execute();
      await db.schema.alterTable('banners').addColumn('end_at', 'varchar(32)').execute();
      await db.schema.alterTable('banners').addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
    async down(db: Kysely<any>) {
      for (const c of ['enabled', 'end_at', 'start_at']) await db.schema.alterTable('banners').dropColumn(c).execute();
    },
  };
}
