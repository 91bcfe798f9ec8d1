import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Staff refunds of a paid order (ADR 0034): the refunded quantity of each line and the order's refund state and total
 * (compare-and-set targets), one row per refund with its split by method and the reversals it made, its lines, the
 * offline refund payouts finance pays by hand, the network income taken back (cancelled while frozen, clawed back once
 * released) and the debts of earners whose total score could not cover a claw-back. A WeChat payment may now carry
 * several refunds (one per staff refund); the automatic refund of a late payment stays one per payment.
 */
export function orderRefunds(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const text = (n: number) => `varchar(${n})` as const;
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_lines').addColumn('refund_num', 'integer', zero).execute();
      // 0 none, 1 partly refunded, 2 wholly refunded (then circulation_state 8).
      await db.schema.alterTable('orders').addColumn('refund_state', 'integer', zero).execute();
      await db.schema.alterTable('orders').addColumn('refund_money', 'bigint', zero).execute();
      await db.schema.alterTable('network_incomes').addColumn('cancelled_amount', 'bigint', zero).execute();
      await db.schema.alterTable('network_incomes').addColumn('clawed_amount', 'bigint', zero).execute();
      await db.schema.alterTable('refunds').addColumn('order_refund_id', 'bigint').execute();
      await db.schema.dropIndex('refunds_payment').execute();
      await db.schema.createIndex('refunds_payment').unique().on('refunds').column('payment_id').where(sql.ref('order_refund_id'), 'is', null).execute();

      await db.schema
        .createTable('order_refunds')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('order_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('refund_code', text(48), (c) => c.notNull().unique())
        .addColumn('is_full', 'integer', zero)
        .addColumn('reason', text(200), empty)
        .addColumn('order_state', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', zero)
        .addColumn('store_amount', 'bigint', zero)
        .addColumn('income_amount', 'bigint', zero)
        .addColumn('wechat_amount', 'bigint', zero)
        .addColumn('offline_amount', 'bigint', zero)
        .addColumn('points', 'bigint', zero)
        .addColumn('gift_points_taken', 'bigint', zero)
        .addColumn('gift_points_short', 'bigint', zero)
        .addColumn('income_cancelled', 'bigint', zero)
        .addColumn('income_clawed', 'bigint', zero)
        .addColumn('income_debt', 'bigint', zero)
        .addColumn('stock_returned', 'integer', zero)
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('staff_name', text(64), empty)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_refunds_order').on('order_refunds').column('order_id').execute();

      await db.schema
        .createTable('order_refund_lines')
        .addColumn(...id)
        .addColumn('refund_id', 'bigint', (c) => c.notNull().references('order_refunds.id'))
        .addColumn('order_line_id', 'bigint', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', zero)
        .addColumn('points', 'bigint', zero)
        .execute();
      await db.schema.createIndex('order_refund_lines_refund').on('order_refund_lines').column('refund_id').execute();

      await db.schema
        .createTable('refund_payouts')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('refund_id', 'bigint', (c) => c.notNull().unique().references('order_refunds.id'))
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('bank_name', text(64), empty)
        .addColumn('account_name', text(64), empty)
        .addColumn('account_number', text(32), empty)
        // 0 待打款, 1 已打款
        .addColumn('state', 'integer', zero)
        .addColumn('pay_reference', text(64))
        .addColumn('paid_by', text(64))
        .addColumn('paid_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refund_payouts_state').on('refund_payouts').columns(['plat_id', 'state']).execute();

      await db.schema
        .createTable('income_debts')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('paid', 'bigint', zero)
        .addColumn('source_code', text(48), empty)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('income_debts_agent').on('income_debts').columns(['agent_id', 'id']).execute();
    },
  };
}
