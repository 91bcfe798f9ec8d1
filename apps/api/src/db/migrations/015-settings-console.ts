import type { Kysely, Migration } from 'kysely';

/**
 * The console's settings (ADR 0022): one version per platform and settings area. A save moves the version it
 * was read at one up by a conditional update, so two members saving the same area at once do not silently overwrite
 * each other: the second is told to reload. The order rules get the switch "the upper agent pays free postage".
 */
export function settingsConsole(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('setting_versions')
        .addColumn('plat_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('setting_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('setting_versions_pk', ['plat_id', 'setting_key'])
        .execute();
      // spec 1 §4: with free postage an upper agent bears the freight; headquarters may switch that off (it bears it then).
      await db.schema.alterTable('order_rules').addColumn('up_pays_post', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
  };
}
