import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

export function foundation(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('grades')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('grade_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('grade_level', 'integer', (c) => c.notNull())
        .addColumn('first_recharge_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bond_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('agent_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('level_ids', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invitation_title', 'varchar(64)', (c) => c.notNull())
        .addColumn('invitation_content', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_contain_name', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('agreement_title', 'varchar(64)', (c) => c.notNull())
        .addColumn('agreement_content', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('agents')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('phone', 'varchar(11)', (c) => c.notNull())
        .addColumn('agent_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('agent_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('pay_password_hash', 'varchar(255)')
        .addColumn('grade_id', 'bigint', (c) => c.notNull().references('grades.id'))
        .addColumn('agent_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('agent_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_need_bond_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('inviter_id', 'bigint', (c) => c.references('agents.id'))
        .addColumn('head_img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('open_id', 'varchar(128)')
        .addColumn('last_store', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`last_store >= 0`))
        .addColumn('lave_income', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`lave_income >= 0`))
        .addColumn('lave_integral', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`lave_integral >= 0`))
        .addColumn('bond_money', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`bond_money >= 0`))
        .addColumn('frozen_store', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`frozen_store >= 0`))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('agents_plat_phone', ['plat_id', 'phone'])
        .execute();
      await db.schema.createIndex('agents_inviter').on('agents').column('inviter_id').execute();

      await db.schema
        .createTable('account_changes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('account', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('change_state', 'integer', (c) => c.notNull())
        .addColumn('order_code', 'varchar(64)')
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_changes_agent').on('account_changes').columns(['agent_id', 'account', 'id']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('sessions_agent').on('sessions').column('agent_id').execute();

      await db.schema
        .createTable('sms_codes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('phone', 'varchar(11)', (c) => c.notNull())
        .addColumn('func_type', 'integer', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['plat_id', 'phone', 'func_type', 'id']).execute();

      await db.schema
        .createTable('attempts')
        .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .execute();
    },
  };
}
