import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/** Catalog, point and order rules, pay methods, freight, cart, orders (spec 1 §3). Money in fen, weight in grams. */
export function shopping(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('products')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('prod_type', 'integer', (c) => c.notNull()) // 1 self-operated, 2 welfare (3 = activities table)
        .addColumn('prod_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('prod_introduction', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('prod_remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('main_img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('detail_img_urls', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail_video_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('base_sale', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('actual_sale', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_phone_show', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_zone').on('products').columns(['plat_id', 'prod_type', 'sort']).execute();

      await db.schema
        .createTable('single_products')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
        .addColumn('spec_disp_str', 'varchar(100)', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull()) // retail price
        .addColumn('img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('virtual_num', 'integer', (c) => c.notNull().check(sql`virtual_num >= 0`)) // stock
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('integral_num', 'integer', (c) => c.notNull().defaultTo(0)) // gift points
        .addColumn('touch_state', 'integer', (c) => c.notNull().defaultTo(0)) // 1 allows points offset
        .addColumn('touch_money', 'bigint', (c) => c.notNull().defaultTo(0)) // offset money per unit
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('single_products_product').on('single_products').column('product_id').execute();

      // What a grade pays for a spec; a product is shown to the grades that have a price for one of its specs.
      await db.schema
        .createTable('grade_prices')
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('grade_id', 'bigint', (c) => c.notNull().references('grades.id'))
        .addColumn('final_price', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('grade_prices_pk', ['single_prod_id', 'grade_id'])
        .execute();

      await db.schema
        .createTable('activities')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
        .addColumn('exchange_type', 'integer', (c) => c.notNull()) // 1 points only, 2 points + money, 3 money only
        .addColumn('expiry_start_date', ts, (c) => c.notNull())
        .addColumn('expiry_end_date', ts, (c) => c.notNull())
        .addColumn('all_use_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_phone_show', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('activity_items')
        .addColumn(...id)
        .addColumn('activity_id', 'bigint', (c) => c.notNull().references('activities.id'))
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('exchange_integral', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('exchange_price', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_num', 'integer', (c) => c.notNull().check(sql`last_num >= 0`)) // stock left for the activity
        .addColumn('spec_info', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .execute();

      // Free gift items added to a self-operated settlement, by grade (agent grade info orderProductDetailBos).
      await db.schema
        .createTable('grade_gifts')
        .addColumn('grade_id', 'bigint', (c) => c.notNull().references('grades.id'))
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('buy_num', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('grade_gifts_pk', ['grade_id', 'single_prod_id'])
        .execute();

      await db.schema
        .createTable('banners')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('img_url', 'varchar(255)', (c) => c.notNull())
        .addColumn('link_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('notices')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('notice_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('notice_content', 'text', (c) => c.notNull())
        .addColumn('is_timing_release', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('release_date', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('modified_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('point_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('point_change', 'integer', (c) => c.notNull().defaultTo(1)) // points per yuan of offset
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sign_state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('charge_money', 'bigint', (c) => c.notNull().defaultTo(100))
        .addColumn('charge_get_point', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('order_rules')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('no_pay_minutes', 'integer', (c) => c.notNull()) // noPayChanelSet
        .addColumn('post_state', 'integer', (c) => c.notNull()) // 1: free postage from post_money
        .addColumn('post_money', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('pay_methods')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull()) // 1 WeChat, 2 income, 3 goods fund, 4 offline
        .addColumn('is_can_pay_postage', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // Freight by province (first two digits of the county code + '0000'), or '000000' for everywhere else.
      await db.schema
        .createTable('freight_rules')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('province_code', 'varchar(6)', (c) => c.notNull())
        .addColumn('first_weight', 'integer', (c) => c.notNull()) // grams covered by first_fee
        .addColumn('first_fee', 'bigint', (c) => c.notNull())
        .addColumn('extra_weight', 'integer', (c) => c.notNull()) // each further step, grams
        .addColumn('extra_fee', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('freight_rules_province', ['plat_id', 'province_code'])
        .execute();

      await db.schema
        .createTable('cart_items')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('prod_type', 'integer', (c) => c.notNull())
        .addColumn('prod_num', 'integer', (c) => c.notNull().check(sql`prod_num >= 1 and prod_num <= 99999`))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('cart_items_agent_spec', ['agent_id', 'single_prod_id'])
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('order_type', 'integer', (c) => c.notNull())
        .addColumn('pay_type', 'integer', (c) => c.notNull())
        .addColumn('circulation_state', 'integer', (c) => c.notNull())
        .addColumn('pay_state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('close_state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_money', 'bigint', (c) => c.notNull()) // goods
        .addColumn('post_money', 'bigint', (c) => c.notNull()) // freight charged to the buyer
        .addColumn('all_money', 'bigint', (c) => c.notNull()) // goods + freight before points
        .addColumn('actual_money', 'bigint', (c) => c.notNull()) // what is to be paid in money
        .addColumn('point_balance_money', 'bigint', (c) => c.notNull().defaultTo(0)) // money offset by points
        .addColumn('balance_point', 'integer', (c) => c.notNull().defaultTo(0)) // points used for the offset
        .addColumn('prod_all_point', 'integer', (c) => c.notNull().defaultTo(0)) // exchange points
        .addColumn('actual_point', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('gift_point', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_up_send_post', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('up_agent_id', 'bigint')
        .addColumn('seckill_id', 'bigint')
        .addColumn('is_first_gift', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_note', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('create_agent_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_agent_tel', 'varchar(11)', (c) => c.notNull())
        .addColumn('create_agent_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('apg_id', 'bigint')
        .addColumn('apg_code', 'varchar(32)')
        .addColumn('apg_sys_code', 'varchar(32)')
        .addColumn('receiver_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('receiver_phone', 'varchar(11)', (c) => c.notNull())
        .addColumn('receiver_nation', 'varchar(32)', (c) => c.notNull().defaultTo('中国'))
        .addColumn('receiver_province', 'varchar(32)', (c) => c.notNull())
        .addColumn('receiver_city', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('receiver_county', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('receive_county_id', 'varchar(6)', (c) => c.notNull())
        .addColumn('receiver_post_code', 'varchar(6)', (c) => c.notNull().defaultTo(''))
        .addColumn('receiver_address', 'varchar(128)', (c) => c.notNull())
        .addColumn('idempotency_key', 'varchar(64)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('pay_date', ts)
        .addColumn('close_date', ts)
        .addColumn('close_reason', 'varchar(200)')
        .addUniqueConstraint('orders_idempotency', ['create_agent_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('orders_agent_state').on('orders').columns(['create_agent_id', 'circulation_state', 'id']).execute();

      await db.schema
        .createTable('order_lines')
        .addColumn(...id)
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('prod_id', 'bigint', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull())
        .addColumn('activity_item_id', 'bigint')
        .addColumn('prod_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('spec_disp_str', 'varchar(100)', (c) => c.notNull())
        .addColumn('img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('buy_num', 'integer', (c) => c.notNull())
        .addColumn('prod_old_price', 'bigint', (c) => c.notNull()) // retail
        .addColumn('prod_price', 'bigint', (c) => c.notNull()) // the agent's unit price
        .addColumn('prod_deal_price', 'bigint', (c) => c.notNull()) // unit price after points offset
        .addColumn('prod_all_money', 'bigint', (c) => c.notNull())
        .addColumn('prod_point', 'integer', (c) => c.notNull().defaultTo(0)) // exchange points per unit
        .addColumn('total_point', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('point_balance_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('balance_point', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_first_gift', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
    },
  };
}
