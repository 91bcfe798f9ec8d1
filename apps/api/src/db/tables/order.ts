import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/order, whose repositories are their only writers (ADR 0013): order_rules, pay_methods,
 * freight_rules, orders, order_lines, order_logs.
 */

export interface OrderRuleTable {
  plat_id: string;
  no_pay_minutes: number;
  post_state: number;
  post_money: number;
  /** 1: free postage is borne by the buyer's upper agent when there is one (migration 015). */
  up_pays_post: Generated<number>;
  /** A shipped order is received automatically this many days after shipping (migration 021, ADR 0027). */
  auto_receive_days: Generated<number>;
  /** After-sales may be asked this many days after receipt (migration 029, ADR 0036). */
  after_sale_days: Generated<number>;
}

export interface PayMethodTable {
  id: Generated<number>;
  plat_id: string;
  type: number;
  is_can_pay_postage: Generated<number>;
  is_enable: Generated<number>;
  sort: Generated<number>;
}

export interface FreightRuleTable {
  id: Generated<number>;
  plat_id: string;
  province_code: string;
  first_weight: number;
  first_fee: number;
  extra_weight: number;
  extra_fee: number;
}

export interface OrderTable {
  id: Generated<number>;
  plat_id: string;
  order_code: string;
  order_type: number;
  pay_type: number;
  circulation_state: number;
  pay_state: number;
  close_state: number;
  total_money: number;
  post_money: number;
  all_money: number;
  actual_money: number;
  point_balance_money: number;
  balance_point: number;
  prod_all_point: number;
  actual_point: number;
  gift_point: number;
  is_up_send_post: number;
  up_agent_id: number | null;
  seckill_id: number | null;
  is_first_gift: number;
  order_note: string;
  create_agent_id: number;
  create_agent_name: string;
  create_agent_tel: string;
  create_agent_code: string;
  apg_id: number | null;
  apg_code: string | null;
  apg_sys_code: string | null;
  receiver_name: string;
  receiver_phone: string;
  receiver_nation: string;
  receiver_province: string;
  receiver_city: string;
  receiver_county: string;
  receive_county_id: string;
  receiver_post_code: string;
  receiver_address: string;
  idempotency_key: string | null;
  created_at: Timestamp;
  pay_date: Timestamp | null;
  close_date: Timestamp | null;
  close_reason: string | null;
  send_state: Generated<number>;
  send_date: Timestamp | null;
  receipt_date: Timestamp | null;
  confirm_pay_state: Generated<number>;
  confirm_reject_reason: string | null;
  goods_pay_money: Generated<number>;
  award_pay_money: Generated<number>;
  other_actual_money: Generated<number>;
  offline_pay_money: Generated<number>;
  pay_serial: string | null;
  pay_deadline: Timestamp | null;
  /** ADR 0034: 0 none, 1 partly refunded (部分退款), 2 wholly refunded (state 8 全部退款). */
  refund_state: Generated<number>;
  /** Money refunded so far, fen (compare-and-set target of every refund). */
  refund_money: Generated<number>;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  prod_id: number;
  single_prod_id: number;
  activity_item_id: number | null;
  prod_name: string;
  spec_disp_str: string;
  img_url: string;
  weight: number;
  buy_num: number;
  prod_old_price: number;
  prod_price: number;
  prod_deal_price: number;
  prod_all_money: number;
  prod_point: number;
  total_point: number;
  point_balance_money: number;
  balance_point: number;
  is_first_gift: number;
  /** Units refunded so far (ADR 0034); never above buy_num. */
  refund_num: Generated<number>;
}

export interface OrderLogTable {
  id: Generated<number>;
  order_id: number;
  order_state: number;
  opt_name: string;
  opt_by: string;
  opt_remark: Generated<string>;
  created_at: Timestamp;
}
