import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Funds (ADR 0017): the withdrawing amount and the frozen network income as balances of their own (each
 * equals the sum of its ledger records), collection accounts, withdrawal rule and applications, transfers, frozen
 * goods-fund records, network income, and the staff audit trail.
 */
export function funds(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const money = (c: any) => c.notNull().defaultTo(0);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('agents').addColumn('apply_income', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`apply_income >= 0`)).execute();
      await db.schema.alterTable('agents').addColumn('frozen_award', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`frozen_award >= 0`)).execute();

      // Append-only: who did what to which record, with amounts and reason (ARCHITECTURE back office).
      await db.schema
        .createTable('audit_logs')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('operation', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint')
        .addColumn('amount', 'bigint', money)
        .addColumn('before_state', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('after_state', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_logs_target').on('audit_logs').columns(['plat_id', 'target_kind', 'target_id']).execute();

      await db.schema
        .createTable('withdraw_banks')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('bank_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('sort', 'integer', money)
        .execute();

      await db.schema
        .createTable('collection_accounts')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('account_belong_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('account_classify', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('bank_dic_id', 'bigint')
        .addColumn('bank_dic_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('sub_bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_number', 'varchar(32)', (c) => c.notNull())
        .addColumn('qr_code_img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', money)
        .addColumn('is_deleted', 'integer', money)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('collection_accounts_agent').on('collection_accounts').columns(['agent_id', 'is_deleted']).execute();

      await db.schema
        .createTable('withdraw_rules')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('is_all_withdraw', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('min_withdraw_money', 'bigint', money)
        .addColumn('base_money', 'bigint', money)
        .addColumn('service_charge_ppm', 'integer', money)
        .addColumn('is_can_ts', 'integer', money)
        .addColumn('ts_msg', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('withdrawals')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('withdraw_code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('receive_bank_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('receive_sub_bank_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('receive_account_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('receive_account_number', 'varchar(32)', (c) => c.notNull())
        .addColumn('check_state', 'integer', money)
        .addColumn('check_remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('payout_reference', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('idempotency_key', 'varchar(64)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('checked_at', ts)
        .execute();
      await db.schema.createIndex('withdrawals_agent').on('withdrawals').columns(['agent_id', 'check_state', 'id']).execute();
      await db.schema.createIndex('withdrawals_state').on('withdrawals').columns(['plat_id', 'check_state', 'id']).execute();
      await db.schema.createIndex('withdrawals_idem').unique().on('withdrawals').columns(['agent_id', 'idempotency_key']).execute();

      await db.schema
        .createTable('transfers')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('transfer_code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('from_agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('to_agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('idempotency_key', 'varchar(64)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('transfers_idem').unique().on('transfers').columns(['from_agent_id', 'idempotency_key']).execute();

      await db.schema
        .createTable('frozen_records')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('frozen_money', 'bigint', (c) => c.notNull())
        .addColumn('frozen_state', 'integer', money)
        .addColumn('release_at', ts, (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('thawed_at', ts)
        .execute();
      await db.schema.createIndex('frozen_records_agent').on('frozen_records').columns(['agent_id', 'frozen_state', 'release_at']).execute();

      await db.schema
        .createTable('income_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('release_days', 'integer', (c) => c.notNull().defaultTo(7))
        .execute();
      await db.schema
        .createTable('grade_income_rules')
        .addColumn('grade_id', 'bigint', (c) => c.primaryKey().references('grades.id'))
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('recruit_reward', 'bigint', money)
        .execute();

      // One row per (order or first top-up) already turned into income: the accrual runs once per source.
      await db.schema
        .createTable('income_sources')
        .addColumn('source_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('source_id', 'bigint', (c) => c.notNull())
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('income_sources_pk', ['source_kind', 'source_id'])
        .execute();
      await db.schema
        .createTable('network_incomes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('from_agent_id', 'bigint', (c) => c.notNull())
        .addColumn('source_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('source_id', 'bigint', (c) => c.notNull())
        .addColumn('source_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('change_state', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('state', 'integer', money)
        .addColumn('release_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('settled_at', ts)
        .execute();
      await db.schema.createIndex('network_incomes_state').on('network_incomes').columns(['state', 'source_kind', 'source_id']).execute();
    },
  };
}
