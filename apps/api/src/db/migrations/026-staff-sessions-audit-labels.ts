import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * ADR 0033: the audit trail keeps its target's code as written (`audit_logs.target_label`: order number, withdrawal
 * code, agent code; '' for rows written before, which are resolved when read); a disabled staff member's reason
 * (`staff.disabled_reason`, told at login); the staff login log (`staff_login_logs`: who, when, from where, success or
 * why not), written by the staff login path only, append-only.
 */
export function staffSessionsAuditLabels(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('audit_logs').addColumn('target_label', 'varchar(128)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('staff').addColumn('disabled_reason', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .createTable('staff_login_logs')
        .addColumn(...idColumn(dialect))
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        // The member when the account exists; the typed account name is kept either way.
        .addColumn('staff_id', 'bigint')
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('result', 'varchar(16)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_login_logs_plat_time').on('staff_login_logs').columns(['plat_id', 'created_at']).execute();
    },
  };
}
