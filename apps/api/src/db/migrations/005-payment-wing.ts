import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * The payment wing (ADR 0012): WeChat payments keyed by a subject (kind + id) instead of an order id, at most one open
 * payment per subject (a partial unique index, on both databases), and a refunds table.
 */
export function paymentWing(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await db.schema.alterTable('wechat_payments').addColumn('subject_kind', 'varchar(16)', (c) => c.notNull().defaultTo('order')).execute();
        await db.schema.alterTable('wechat_payments').addColumn('subject_id', 'bigint').execute();
        await sql`UPDATE wechat_payments SET subject_id = order_id`.execute(db);
        await sql`ALTER TABLE wechat_payments ALTER COLUMN subject_id SET NOT NULL`.execute(db);
        await sql`ALTER TABLE wechat_payments ALTER COLUMN subject_kind DROP DEFAULT`.execute(db);
        await db.schema.alterTable('wechat_payments').dropColumn('order_id').execute();
      } else {
        // SQLite cannot drop a column a foreign key names: the table is rebuilt with the same ids.
        await db.schema
          .createTable('wechat_payments_new')
          .addColumn(...id)
          .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('subject_id', 'bigint', (c) => c.notNull())
          .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
          .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('goods_part', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('income_part', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('prepay_id', 'varchar(128)')
          .addColumn('transaction_id', 'varchar(64)')
          .addColumn('created_at', ts, (c) => c.notNull())
          .addColumn('expires_at', ts, (c) => c.notNull())
          .addColumn('paid_at', ts)
          .execute();
        await sql`INSERT INTO wechat_payments_new (id, plat_id, subject_kind, subject_id, agent_id, out_trade_no, amount, goods_part,
          income_part, state, prepay_id, transaction_id, created_at, expires_at, paid_at)
          SELECT id, plat_id, 'order', order_id, agent_id, out_trade_no, amount, goods_part, income_part, state, prepay_id,
          transaction_id, created_at, expires_at, paid_at FROM wechat_payments`.execute(db);
        await db.schema.dropTable('wechat_payments').execute();
        await db.schema.alterTable('wechat_payments_new').renameTo('wechat_payments').execute();
        await db.schema.createIndex('wechat_payments_pending').on('wechat_payments').columns(['state', 'expires_at']).execute();
      }
      // Before this, one subject could hold several open payments: the older ones are marked
      // closed so the index can hold; the reconcile job no longer asks about them.
      await sql`UPDATE wechat_payments SET state = 2 WHERE state = 0 AND id NOT IN
        (SELECT max(id) FROM wechat_payments WHERE state = 0 GROUP BY subject_kind, subject_id)`.execute(db);
      // At most one open WeChat payment per subject: two simultaneous starts cannot both reserve.
      await sql`CREATE UNIQUE INDEX wechat_payments_open ON wechat_payments (subject_kind, subject_id) WHERE state = 0`.execute(db);
      await db.schema.createIndex('wechat_payments_subject').on('wechat_payments').columns(['subject_kind', 'subject_id']).execute();

      // Refunds of WeChat payments (a payment that succeeded after its subject closed), idempotent by out_refund_no.
      await db.schema
        .createTable('refunds')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('subject_id', 'bigint', (c) => c.notNull())
        .addColumn('payment_id', 'bigint', (c) => c.notNull().references('wechat_payments.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0)) // 0 processing, 1 succeeded, 2 closed, 3 abnormal
        .addColumn('out_refund_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('refund_id', 'varchar(64)')
        .addColumn('reason', 'varchar(80)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('succeeded_at', ts)
        .execute();
      // One refund per payment: the automatic refund of a late payment is asked for once, whoever notices it.
      await db.schema.createIndex('refunds_payment').unique().on('refunds').column('payment_id').execute();
      await db.schema.createIndex('refunds_subject').on('refunds').columns(['subject_kind', 'subject_id']).execute();
    },
  };
}
