import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/** The agents' delivery addresses (spec 2 §3 order logistics address). Region names are copied from the codes. */
export function addresses(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('logistics_addresses')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('create_su_id', 'bigint', (c) => c.notNull())
        .addColumn('create_su_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('country', 'varchar(32)', (c) => c.notNull().defaultTo('中国'))
        .addColumn('receiver_name', 'varchar(10)', (c) => c.notNull())
        .addColumn('receiver_phone', 'varchar(11)', (c) => c.notNull())
        .addColumn('province', 'varchar(32)', (c) => c.notNull())
        .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
        .addColumn('city', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('city_code', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('district', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('district_code', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(100)', (c) => c.notNull())
        .addColumn('post_code', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_def_addr', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('logistics_addresses_agent').on('logistics_addresses').columns(['agent_id', 'is_def_addr', 'id']).execute();
      // At most one default address per agent, whatever the concurrency.
      await db.schema
        .createIndex('logistics_addresses_one_default')
        .on('logistics_addresses')
        .column('agent_id')
        .unique()
        .where(sql.ref('is_def_addr'), '=', 1)
        .execute();
    },
  };
}
