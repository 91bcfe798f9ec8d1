import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/** Orders after creation (spec 2 §3, ADR 0010): payment splits, offline receipts, WeChat payments, parcels, staff, order log. */
export function ordersPayment(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  return {
    async up(db: Kysely<any>) {
      for (const [name, type, dflt] of [
        ['send_state', 'integer', 0],
        ['send_date', ts, null],
        ['receipt_date', ts, null],
        ['confirm_pay_state', 'integer', 0], // offline: 0 none, 1 submitted, 2 approved, 3 rejected
        ['confirm_reject_reason', 'varchar(200)', null],
        ['goods_pay_money', 'bigint', 0], // paid from the goods fund
        ['award_pay_money', 'bigint', 0], // paid from total-score income
        ['other_actual_money', 'bigint', 0], // paid by WeChat
        ['offline_pay_money', 'bigint', 0], // paid offline
        ['pay_serial', 'varchar(64)', null], // out_trade_no of the WeChat payment that paid it
        ['pay_deadline', ts, null], // created_at + noPayChanelSet minutes
      ] as const) {
        await db.schema
          .alterTable('orders')
          .addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt)))
          .execute();
      }
      await db.schema.createIndex('orders_unpaid_deadline').on('orders').columns(['circulation_state', 'pay_deadline']).execute();

      // Offline payment records (spec 2 §3 receipt record), reviewed by staff.
      await db.schema
        .createTable('receipt_records')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('pay_money', 'bigint', (c) => c.notNull())
        .addColumn('post_money', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('account_id', 'bigint')
        .addColumn('receive_bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('receive_sub_bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('receive_account_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('receive_account_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('remit_account_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('remit_account_number', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('voucher_img_url', 'text', (c) => c.notNull().defaultTo('')) // ';'-joined
        .addColumn('remark', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('check_state', 'integer', (c) => c.notNull().defaultTo(0)) // 0 pending, 1 approved, 2 rejected
        .addColumn('check_remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('checked_at', ts)
        .execute();
      await db.schema.createIndex('receipt_records_order').on('receipt_records').column('order_id').execute();

      // WeChat payments (one per prepay): the notification credits the order once.
      await db.schema
        .createTable('wechat_payments')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('amount', 'bigint', (c) => c.notNull()) // fen charged through WeChat
        .addColumn('goods_part', 'bigint', (c) => c.notNull().defaultTo(0)) // taken from the goods fund with it
        .addColumn('income_part', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0)) // 0 pending, 1 paid, 2 closed, 3 failed
        .addColumn('prepay_id', 'varchar(128)')
        .addColumn('transaction_id', 'varchar(64)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('paid_at', ts)
        .execute();
      await db.schema.createIndex('wechat_payments_pending').on('wechat_payments').columns(['state', 'expires_at']).execute();

      // Platform receiving accounts for offline payment, and the offline pay setting.
      await db.schema
        .createTable('offline_accounts')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_classify', 'integer', (c) => c.notNull()) // 1 bank, 2 WeChat, 3 Alipay
        .addColumn('bank_dic_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('sub_bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_number', 'varchar(64)', (c) => c.notNull())
        .addColumn('qr_code_img_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('offline_pay_settings')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('line_charge_voucher', 'integer', (c) => c.notNull().defaultTo(1)) // 2: remitter name and account required
        .execute();

      // Parcels of a shipped order (up to ten tabs on the logistics screen).
      await db.schema
        .createTable('order_parcels')
        .addColumn(...id)
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('logistics_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('shipper_code', 'varchar(16)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('waybill_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_parcels_order').on('order_parcels').column('order_id').execute();

      // Platform staff, separate from agents; their own sessions.
      await db.schema
        .createTable('staff')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('username', 'varchar(32)', (c) => c.notNull())
        .addColumn('display_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull()) // 'admin' | 'finance' | 'warehouse'
        .addColumn('created_at', ts, (c) => c.notNull())
        .addUniqueConstraint('staff_plat_username', ['plat_id', 'username'])
        .execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('revoked_at', ts)
        .execute();

      // What happened to an order, by whom (spec 2 §3 order log record).
      await db.schema
        .createTable('order_logs')
        .addColumn(...id)
        .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id'))
        .addColumn('order_state', 'integer', (c) => c.notNull())
        .addColumn('opt_name', 'varchar(32)', (c) => c.notNull())
        .addColumn('opt_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('opt_remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_logs_order').on('order_logs').column('order_id').execute();

      // Uploaded images (vouchers), stored outside the web root under a server name.
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
    },
  };
}
