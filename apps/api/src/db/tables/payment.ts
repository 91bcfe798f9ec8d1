import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/payment, whose repositories are their only writers (ADR 0013): receipt_records,
 * wechat_payments, refunds, offline_accounts, offline_pay_settings.
 */

export interface ReceiptRecordTable {
  id: Generated<number>;
  plat_id: string;
  order_id: number;
  agent_id: number;
  pay_money: number;
  post_money: Generated<number>;
  account_id: number | null;
  receive_bank_name: Generated<string>;
  receive_sub_bank_name: Generated<string>;
  receive_account_name: Generated<string>;
  receive_account_number: Generated<string>;
  remit_account_name: Generated<string>;
  remit_account_number: Generated<string>;
  voucher_img_url: Generated<string>;
  remark: Generated<string>;
  check_state: Generated<number>;
  check_remark: Generated<string>;
  created_at: Timestamp;
  checked_at: Timestamp | null;
  /** Migration 023 (ADR 0030): the staff member who decided it. */
  checked_by: Generated<number | null>;
}

/** What a payment pays for (ADR 0012): an order, a first top-up, an upgrade, a compliance deposit (ADR 0017). */
/** 'store_order': a consumer's VD order (ADR 0038). */
export type SubjectKind = 'order' | 'recharge' | 'upgrade' | 'bond' | 'store_order';

export interface WechatPaymentTable {
  id: Generated<number>;
  plat_id: string;
  subject_kind: SubjectKind;
  subject_id: number;
  agent_id: number;
  out_trade_no: string;
  amount: number;
  goods_part: Generated<number>;
  income_part: Generated<number>;
  state: Generated<number>;
  prepay_id: string | null;
  transaction_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface RefundTable {
  id: Generated<number>;
  plat_id: string;
  subject_kind: SubjectKind;
  subject_id: number;
  payment_id: number;
  amount: number;
  /** 0 processing, 1 succeeded, 2 closed, 3 abnormal */
  state: Generated<number>;
  out_refund_no: string;
  refund_id: string | null;
  reason: Generated<string>;
  created_at: Timestamp;
  succeeded_at: Timestamp | null;
  /** A staff refund of a paid order (ADR 0034); null for the automatic refund of a late payment. */
  order_refund_id: number | null;
}

export interface OfflineAccountTable {
  id: Generated<number>;
  plat_id: string;
  account_classify: number;
  bank_dic_name: Generated<string>;
  sub_bank_name: Generated<string>;
  account_name: string;
  account_number: string;
  qr_code_img_url: Generated<string>;
  is_default: Generated<number>;
}

export interface OfflinePaySettingTable {
  plat_id: string;
  line_charge_voucher: Generated<number>;
}

/** reconcile_runs (ADR 0032): a China day whose WeChat Pay bills were matched. */
export interface ReconcileRunTable {
  id: Generated<number>;
  plat_id: string;
  bill_date: string;
  trade_rows: Generated<number>;
  refund_rows: Generated<number>;
  diffs_added: Generated<number>;
  run_by: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ReconcileKind = 'paid_not_credited' | 'credited_not_at_wechat' | 'amount_differs' | 'refund_differs';

/** reconcile_diffs (ADR 0032): the 对账差异 queue; resolved once by compare-and-set on state. */
export interface ReconcileDiffTable {
  id: Generated<number>;
  plat_id: string;
  bill_date: string;
  kind: ReconcileKind;
  out_trade_no: string;
  out_refund_no: Generated<string>;
  transaction_id: Generated<string>;
  payment_id: number | null;
  agent_id: number | null;
  wechat_amount: number | null;
  our_amount: number | null;
  detail: Generated<string>;
  state: Generated<number>;
  resolution: Generated<string>;
  reason: Generated<string>;
  resolved_by: Generated<string>;
  resolved_at: Timestamp | null;
  created_at: Timestamp;
}
