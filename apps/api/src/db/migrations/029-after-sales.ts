import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Agents' after-sales requests (spec 2, ADR 0036): the request with its state (compare-and-set target) and the
 * `is_open` flag whose partial unique index keeps one open request per order even when two applications race; its
 * lines and quantities, its photos (voucher uploads), its step log shown to the agent, and the window in days after
 * receipt (an order rule, default 7).
 */
export function afterSales(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const text = (n: number) => `varchar(${n})` as const;
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_rules').addColumn('after_sale_days', 'integer', (c) => c.notNull().defaultTo(7)).execute();

      await db.schema
        .createTable('after_sales')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('order_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('code', text(48), (c) => c.notNull().unique())
        // 1 仅退款, 2 退货退款
        .addColumn('kind', 'integer', (c) => c.notNull())
        // 1 待审核, 2 待寄回, 3 待收货, 4 待退款, 5 已退款, 6 已驳回, 7 已撤销
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('reason', text(32), (c) => c.notNull())
        .addColumn('description', text(500), empty)
        .addColumn('order_state', 'integer', (c) => c.notNull())
        .addColumn('reject_reason', text(200), empty)
        .addColumn('carrier', text(32), empty)
        .addColumn('waybill_code', text(40), empty)
        .addColumn('order_refund_id', 'bigint')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('after_sales_open_order').unique().on('after_sales').column('order_id').where(sql.ref('is_open'), '=', 1).execute();
      await db.schema.createIndex('after_sales_agent').on('after_sales').columns(['agent_id', 'id']).execute();
      await db.schema.createIndex('after_sales_plat_state').on('after_sales').columns(['plat_id', 'state', 'id']).execute();

      await db.schema
        .createTable('after_sale_lines')
        .addColumn(...id)
        .addColumn('after_sale_id', 'bigint', (c) => c.notNull().references('after_sales.id'))
        .addColumn('order_line_id', 'bigint', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('after_sale_lines_request').on('after_sale_lines').column('after_sale_id').execute();

      await db.schema
        .createTable('after_sale_photos')
        .addColumn(...id)
        .addColumn('after_sale_id', 'bigint', (c) => c.notNull().references('after_sales.id'))
        .addColumn('url', text(200), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('after_sale_photos_request').on('after_sale_photos').column('after_sale_id').execute();

      await db.schema
        .createTable('after_sale_steps')
        .addColumn(...id)
        .addColumn('after_sale_id', 'bigint', (c) => c.notNull().references('after_sales.id'))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('title', text(32), (c) => c.notNull())
        .addColumn('remark', text(300), empty)
        .addColumn('opt_by', text(64), empty)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('after_sale_steps_request').on('after_sale_steps').column('after_sale_id').execute();
    },
  };
}
