import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/after-sale, whose repositories are their only writers (ADR 0013, ADR 0036): after_sales,
 * after_sale_lines, after_sale_photos, after_sale_steps.
 */

/** An agent's after-sales request on a paid order (spec 2, ADR 0036). */
export interface AfterSaleTable {
  id: Generated<number>;
  plat_id: string;
  order_id: number;
  agent_id: number;
  code: string;
  /** 1 仅退款, 2 退货退款 */
  kind: number;
  /** 1 待审核, 2 待寄回, 3 待收货, 4 待退款, 5 已退款, 6 已驳回, 7 已撤销 */
  state: number;
  /** 1 while the request is open (states 1–4): one open request per order (partial unique index). */
  is_open: Generated<number>;
  reason: string;
  description: Generated<string>;
  /** The order's circulation_state when the request was made. */
  order_state: number;
  reject_reason: Generated<string>;
  carrier: Generated<string>;
  waybill_code: Generated<string>;
  /** The order refund (order_refunds.id) finance made for it. */
  order_refund_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AfterSaleLineTable {
  id: Generated<number>;
  after_sale_id: number;
  order_line_id: number;
  qty: number;
}

export interface AfterSalePhotoTable {
  id: Generated<number>;
  after_sale_id: number;
  url: string;
}

/** One step of a request as the agent sees it, with its time. */
export interface AfterSaleStepTable {
  id: Generated<number>;
  after_sale_id: number;
  state: number;
  title: string;
  remark: Generated<string>;
  opt_by: Generated<string>;
  created_at: Timestamp;
}
