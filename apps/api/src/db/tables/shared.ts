import type { Generated } from 'kysely';

/*
 * Shapes shared by the tables files: the timestamp text and the receiving / paid-by / reviewed columns of the paid
 * reviews (ADR 0017).
 */

/** Timestamps are ISO-8601 text in UTC ('2026-11-21T02:00:00.000Z'): sortable, equal on both databases. */
export type Timestamp = string;

export interface Receiving {
  account_id: number | null;
  receive_bank_name: Generated<string>;
  receive_sub_bank_name: Generated<string>;
  receive_account_name: Generated<string>;
  receive_account_number: Generated<string>;
}
export interface PaidBy extends Receiving {
  remit_account_name: Generated<string>;
  remit_account_number: Generated<string>;
  voucher_img_url: Generated<string>;
  pay_serial: string | null;
  paid_at: Timestamp | null;
}
export interface Reviewed {
  /** -1 awaiting its WeChat payment, 0 pending, 1 approved, 2 rejected, 3 cancelled. */
  check_state: number;
  check_remark: Generated<string>;
  checked_at: Timestamp | null;
  checked_by: number | null;
  created_at: Timestamp;
}
