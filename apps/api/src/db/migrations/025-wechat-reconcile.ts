import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Reconciliation with WeChat Pay's bills (ADR 0032, reference §8.1). `reconcile_runs`: one row per platform and China
 * day whose bills were matched (the daily job runs a day once; staff may run it again). `reconcile_diffs`: the
 * 对账差异 queue, one row per (day, out_trade_no, out_refund_no, kind), so a second run adds nothing; a row is
 * resolved once (compare-and-set on state). `setting_proposals`: money settings changed under two keys.
 */
export function wechatReconcile(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reconcile_runs')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('bill_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('trade_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('diffs_added', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addUniqueConstraint('reconcile_runs_day', ['plat_id', 'bill_date'])
        .execute();
      await db.schema
        .createTable('reconcile_diffs')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('bill_date', 'varchar(10)', (c) => c.notNull())
        // paid_not_credited | credited_not_at_wechat | amount_differs | refund_differs
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('transaction_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('payment_id', 'bigint')
        .addColumn('agent_id', 'bigint')
        // fen; null when that side has no record
        .addColumn('wechat_amount', 'bigint')
        .addColumn('our_amount', 'bigint')
        .addColumn('detail', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        // 0 open, 1 resolved
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        // credited | refunded | explained
        .addColumn('resolution', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('resolved_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('resolved_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('reconcile_diffs_once', ['plat_id', 'bill_date', 'out_trade_no', 'out_refund_no', 'kind'])
        .execute();
      await db.schema.createIndex('reconcile_diffs_state').on('reconcile_diffs').columns(['plat_id', 'state', 'bill_date']).execute();

      // Money settings under two keys (ADR 0032, 四眼原则): a proposed change waits for a second member's approval.
      await db.schema
        .createTable('setting_proposals')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('setting_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('base_version', 'integer', (c) => c.notNull())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('before_text', 'text', (c) => c.notNull())
        .addColumn('after_text', 'text', (c) => c.notNull())
        // 0 pending, 1 approved, 2 rejected
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('proposed_by_id', 'bigint', (c) => c.notNull())
        .addColumn('proposed_by_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('decided_by_id', 'bigint')
        .addColumn('decided_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('decided_at', ts)
        .execute();
      await db.schema.createIndex('setting_proposals_state').on('setting_proposals').columns(['plat_id', 'state']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('setting_proposals').execute();
      await db.schema.dropTable('reconcile_diffs').execute();
      await db.schema.dropTable('reconcile_runs').execute();
    },
  };
}
