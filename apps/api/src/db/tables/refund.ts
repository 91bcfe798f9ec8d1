import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/refund, whose repositories are their only writers (ADR 0013, ADR 0034): order_refunds,
 * order_refund_lines, refund_payouts.
 */

/** One staff refund of a paid order: its split by original method and every reversal it made, in fen / points. */
export interface OrderRefundTable {
  id: Generated<number>;
  plat_id: string;
  order_id: number;
  agent_id: number;
  refund_code: string;
  /** 1 when this refund left nothing of the order (the order moved to 全部退款). */
  is_full: Generated<number>;
  reason: Generated<string>;
  /** The order's circulation_state when refunded (3 not shipped, 4/5 shipped). */
  order_state: number;
  amount: Generated<number>;
  store_amount: Generated<number>;
  income_amount: Generated<number>;
  wechat_amount: Generated<number>;
  offline_amount: Generated<number>;
  /** Points paid (offset and exchange) given back. */
  points: Generated<number>;
  gift_points_taken: Generated<number>;
  /** Welfare gift points that could not be taken back (the agent had spent them). */
  gift_points_short: Generated<number>;
  income_cancelled: Generated<number>;
  income_clawed: Generated<number>;
  income_debt: Generated<number>;
  stock_returned: Generated<number>;
  staff_id: number;
  staff_name: Generated<string>;
  created_at: Timestamp;
}

export interface OrderRefundLineTable {
  id: Generated<number>;
  refund_id: number;
  order_line_id: number;
  qty: number;
  amount: Generated<number>;
  points: Generated<number>;
}

/** The offline part of a refund: paid by finance to the agent's collection account, like a withdrawal. */
export interface RefundPayoutTable {
  id: Generated<number>;
  plat_id: string;
  refund_id: number;
  agent_id: number;
  amount: number;
  bank_name: Generated<string>;
  account_name: Generated<string>;
  account_number: Generated<string>;
  /** 0 待打款, 1 已打款 */
  state: Generated<number>;
  pay_reference: string | null;
  paid_by: string | null;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}
