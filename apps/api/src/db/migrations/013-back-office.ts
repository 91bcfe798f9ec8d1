import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';

/**
 * The back office (ADR 0020): staff that can be disabled and carry a TOTP second factor (with the last accepted time
 * step, so a code works once), sessions that record whether the second factor was given, agents whose login staff can
 * turn off, and audit records wide enough for a setting's before → after.
 */
export function backOffice(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('staff').addColumn('disabled_at', 'varchar(32)').execute();
      await db.schema.alterTable('staff').addColumn('totp_secret', 'varchar(64)').execute();
      await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'varchar(64)').execute();
      await db.schema.alterTable('staff').addColumn('totp_last_step', 'bigint').execute();
      await db.schema.alterTable('staff_sessions').addColumn('second_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('agents').addColumn('login_disabled_at', 'varchar(32)').execute();
      if (dialect === 'postgres') {
        // SQLite does not enforce a varchar's length; PostgreSQL does.
        await sql`ALTER TABLE audit_logs ALTER COLUMN before_state TYPE varchar(2000), ALTER COLUMN after_state TYPE varchar(2000)`.execute(db);
      }
      await db.schema.createIndex('audit_logs_plat_time').on('audit_logs').columns(['plat_id', 'created_at']).execute();
      await db.schema.createIndex('orders_plat_created').on('orders').columns(['plat_id', 'created_at']).execute();
      // The dashboard's paid orders per day (last 30 days).
      await db.schema.createIndex('orders_plat_paid').on('orders').columns(['plat_id', 'pay_date']).execute();
    },
  };
}
