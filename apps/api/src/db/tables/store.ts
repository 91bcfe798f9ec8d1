import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/store, whose repositories are their only writers (ADR 0013, ADR 0038): store_grade_switches,
 * stores, retail_bands, store_prices, consumers, consumer_sessions, store_orders, store_order_lines.
 */

export interface StoreGradeSwitchTable {
  plat_id: string;
  grade_id: number;
  enabled: Generated<number>;
}

export interface StoreTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  /** null: as the grade's switch; 1 on, 0 off. */
  enabled_override: number | null;
  store_name: Generated<string>;
  store_img_url: Generated<string>;
  greeting: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Headquarters' retail band of a spec, fen: min ≤ default ≤ max. */
export interface RetailBandTable {
  single_prod_id: number;
  plat_id: string;
  retail_enabled: Generated<number>;
  default_price: number;
  min_price: number;
  max_price: number;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface StorePriceTable {
  store_id: number;
  single_prod_id: number;
  retail_price: number;
  shown: Generated<number>;
}

export interface ConsumerTable {
  id: Generated<number>;
  plat_id: string;
  open_id: string;
  phone: string | null;
  phone_confirmed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ConsumerSessionTable {
  token_hash: string;
  consumer_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StoreOrderTable {
  id: Generated<number>;
  plat_id: string;
  order_code: string;
  store_id: number;
  agent_id: number;
  consumer_id: number;
  state: number;
  pay_state: Generated<number>;
  total_money: number;
  actual_money: number;
  retail_income: Generated<number>;
  income_state: Generated<number>;
  refund_money: Generated<number>;
  consumer_phone: Generated<string>;
  receiver_name: string;
  receiver_phone: string;
  receiver_province: string;
  receiver_city: string;
  receiver_county: string;
  receive_county_id: string;
  receiver_address: string;
  order_note: Generated<string>;
  idempotency_key: string;
  created_at: Timestamp;
  pay_deadline: Timestamp;
  pay_date: Timestamp | null;
  pay_serial: string | null;
  send_date: Timestamp | null;
  logistics_name: Generated<string>;
  waybill_code: Generated<string>;
  receipt_date: Timestamp | null;
  close_date: Timestamp | null;
  close_reason: string | null;
}

export interface StoreOrderLineTable {
  id: Generated<number>;
  order_id: number;
  prod_id: number;
  single_prod_id: number;
  prod_name: string;
  spec_disp_str: Generated<string>;
  img_url: Generated<string>;
  buy_num: number;
  retail_price: number;
  grade_price: number;
  line_money: number;
  line_income: number;
}
