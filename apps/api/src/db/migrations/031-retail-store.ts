import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * The agent's retail store (ADR 0038): which grades and agents have a store, headquarters' retail band per spec, the
 * agent's store and its prices, the consumers (WeChat openId + SMS-confirmed phone) and their sessions, and the VD
 * orders with their lines. Retail income itself is a network_incomes row (source_kind 'store_order', change 16).
 */
export function retailStore(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const text = (n: number) => `varchar(${n})` as const;
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('store_grade_switches')
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('grade_id', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', zero)
        .addPrimaryKeyConstraint('store_grade_switches_pk', ['plat_id', 'grade_id'])
        .execute();

      await db.schema
        .createTable('stores')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().unique())
        // null: as the agent's grade; 1 on, 0 off (headquarters' per-agent choice)
        .addColumn('enabled_override', 'integer')
        .addColumn('store_name', text(40), empty)
        .addColumn('store_img_url', text(512), empty)
        .addColumn('greeting', text(200), empty)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('retail_bands')
        .addColumn('single_prod_id', 'bigint', (c) => c.primaryKey())
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('retail_enabled', 'integer', zero)
        .addColumn('default_price', 'bigint', (c) => c.notNull())
        .addColumn('min_price', 'bigint', (c) => c.notNull())
        .addColumn('max_price', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('updated_by', text(64), empty)
        .execute();

      await db.schema
        .createTable('store_prices')
        .addColumn('store_id', 'bigint', (c) => c.notNull().references('stores.id'))
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull())
        .addColumn('retail_price', 'bigint', (c) => c.notNull())
        .addColumn('shown', 'integer', zero)
        .addPrimaryKeyConstraint('store_prices_pk', ['store_id', 'single_prod_id'])
        .execute();

      await db.schema
        .createTable('consumers')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('open_id', text(128), (c) => c.notNull())
        .addColumn('phone', text(16))
        .addColumn('phone_confirmed_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('consumers_open_id', ['plat_id', 'open_id'])
        .execute();

      await db.schema
        .createTable('consumer_sessions')
        .addColumn('token_hash', text(64), (c) => c.primaryKey())
        .addColumn('consumer_id', 'bigint', (c) => c.notNull().references('consumers.id'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('store_orders')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('order_code', text(48), (c) => c.notNull().unique())
        .addColumn('store_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('consumer_id', 'bigint', (c) => c.notNull())
        // 1 unpaid, 3 to ship, 4 shipped, 5 received, 6 closed, 7 timed out, 8 refunded (STORE_ORDER_STATE)
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('pay_state', 'integer', zero)
        .addColumn('total_money', 'bigint', (c) => c.notNull())
        .addColumn('actual_money', 'bigint', (c) => c.notNull())
        .addColumn('retail_income', 'bigint', zero)
        // RETAIL_INCOME_STATE: 0 none, 1 frozen, 2 released, 3 reversed
        .addColumn('income_state', 'integer', zero)
        .addColumn('refund_money', 'bigint', zero)
        .addColumn('consumer_phone', text(16), empty)
        .addColumn('receiver_name', text(32), (c) => c.notNull())
        .addColumn('receiver_phone', text(16), (c) => c.notNull())
        .addColumn('receiver_province', text(32), (c) => c.notNull())
        .addColumn('receiver_city', text(32), (c) => c.notNull())
        .addColumn('receiver_county', text(32), (c) => c.notNull())
        .addColumn('receive_county_id', text(8), (c) => c.notNull())
        .addColumn('receiver_address', text(120), (c) => c.notNull())
        .addColumn('order_note', text(64), empty)
        .addColumn('idempotency_key', text(64), (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('pay_deadline', ts, (c) => c.notNull())
        .addColumn('pay_date', ts)
        .addColumn('pay_serial', text(64))
        .addColumn('send_date', ts)
        .addColumn('logistics_name', text(32), empty)
        .addColumn('waybill_code', text(40), empty)
        .addColumn('receipt_date', ts)
        .addColumn('close_date', ts)
        .addColumn('close_reason', text(200))
        .addUniqueConstraint('store_orders_idem', ['consumer_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('store_orders_agent').on('store_orders').columns(['agent_id', 'id']).execute();
      await db.schema.createIndex('store_orders_consumer').on('store_orders').columns(['consumer_id', 'id']).execute();
      await db.schema.createIndex('store_orders_state').on('store_orders').columns(['state', 'id']).execute();

      await db.schema
        .createTable('store_order_lines')
        .addColumn(...id)
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('store_orders.id'))
        .addColumn('prod_id', 'bigint', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull())
        .addColumn('prod_name', text(128), (c) => c.notNull())
        .addColumn('spec_disp_str', text(128), empty)
        .addColumn('img_url', text(512), empty)
        .addColumn('buy_num', 'integer', (c) => c.notNull())
        .addColumn('retail_price', 'bigint', (c) => c.notNull())
        .addColumn('grade_price', 'bigint', (c) => c.notNull())
        .addColumn('line_money', 'bigint', (c) => c.notNull())
        .addColumn('line_income', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('store_order_lines_order').on('store_order_lines').column('order_id').execute();
    },
  };
}
