import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Points sign-in and the profile (spec 3 §2): the sign-in settings, one sign-in row per agent per China
 * day (the unique index is what makes 20 parallel taps credit once), and the profile fields of an agent.
 */
export function pointsSign(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sign_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('is_continuity_sign', 'integer', zero)
        .addColumn('continuity_num', 'integer', zero)
        .addColumn('fixed_integral', 'integer', zero)
        .addColumn('continuity_integral', 'integer', zero)
        .addColumn('bg_image', 'varchar(300)', empty)
        .execute();

      await db.schema
        .createTable('point_signs')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('sign_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('streak_day', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', zero)
        .addColumn('bonus', 'integer', zero)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('point_signs_agent_day').on('point_signs').columns(['agent_id', 'sign_date']).unique().execute();

      for (const [name, type, build] of [
        ['wx_number', 'varchar(40)', empty],
        ['birth_date', 'varchar(10)', empty],
        ['sex', 'integer', (c: any) => c.notNull().defaultTo(2)],
        ['province_code', 'varchar(6)', empty],
        ['city_code', 'varchar(6)', empty],
      ] as const) {
        await db.schema.alterTable('agents').addColumn(name, type, build).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const name of ['wx_number', 'birth_date', 'sex', 'province_code', 'city_code']) {
        await db.schema.alterTable('agents').dropColumn(name).execute();
      }
      await db.schema.dropTable('point_signs').execute();
      await db.schema.dropTable('sign_settings').execute();
    },
  };
}
