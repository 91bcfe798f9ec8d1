import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/funds, whose repositories are their only writers (ADR 0013): withdraw_banks,
 * collection_accounts, withdraw_rules, withdrawals, transfers, frozen_records, income_settings, grade_income_rules,
 * income_sources, network_incomes. withdraw_banks is read only (the seed writes it).
 */

export interface WithdrawBankTable {
  id: Generated<number>;
  plat_id: string;
  bank_name: string;
  sort: Generated<number>;
}

/** An agent's own collection account (where withdrawals are paid); never the platform's offline_accounts. */
export interface CollectionAccountTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  account_belong_type: Generated<number>;
  account_classify: Generated<number>;
  bank_dic_id: number | null;
  bank_dic_name: Generated<string>;
  sub_bank_name: Generated<string>;
  account_name: string;
  account_number: string;
  qr_code_img_url: Generated<string>;
  is_default: Generated<number>;
  is_deleted: Generated<number>;
  created_at: Timestamp;
}

export interface WithdrawRuleTable {
  plat_id: string;
  is_all_withdraw: Generated<number>;
  min_withdraw_money: Generated<number>;
  base_money: Generated<number>;
  /** serviceChargeRatio in parts per million (0.6 % = 6000). */
  service_charge_ppm: Generated<number>;
  is_can_ts: Generated<number>;
  ts_msg: Generated<string>;
}

export interface WithdrawalTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  withdraw_code: string;
  /** What left the total score; the fee is part of it (arrival = amount − fee). */
  amount: number;
  fee: number;
  account_id: number;
  receive_bank_name: string;
  receive_sub_bank_name: string;
  receive_account_name: string;
  receive_account_number: string;
  check_state: Generated<number>;
  check_remark: Generated<string>;
  payout_reference: Generated<string>;
  idempotency_key: string | null;
  created_at: Timestamp;
  checked_at: Timestamp | null;
  /** Migration 023 (ADR 0030): the staff member who paid or refused it. */
  checked_by: Generated<number | null>;
}

export interface TransferTable {
  id: Generated<number>;
  plat_id: string;
  transfer_code: string;
  from_agent_id: number;
  to_agent_id: number;
  amount: number;
  remark: Generated<string>;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface FrozenRecordTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  frozen_money: number;
  frozen_state: Generated<number>;
  release_at: Timestamp;
  remark: Generated<string>;
  created_by: Generated<string>;
  created_at: Timestamp;
  thawed_at: Timestamp | null;
}

export interface IncomeSettingTable {
  plat_id: string;
  release_days: Generated<number>;
}

export interface GradeIncomeRuleTable {
  grade_id: number;
  plat_id: string;
  recruit_reward: Generated<number>;
}

export interface IncomeSourceTable {
  source_kind: string;
  source_id: number;
  plat_id: string;
  created_at: Timestamp;
}

export interface NetworkIncomeTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  from_agent_id: number;
  source_kind: string;
  source_id: number;
  source_code: string;
  change_state: number;
  amount: number;
  state: Generated<number>;
  release_at: Timestamp | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  /** ADR 0034: taken off `amount` by refunds while frozen (amount is what is still frozen). */
  cancelled_amount: Generated<number>;
  /** ADR 0034: clawed back from the total score by refunds after release. */
  clawed_amount: Generated<number>;
}

/** ADR 0034: a claw-back the earner's total score could not cover; the next income released pays it first. */
export interface IncomeDebtTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  amount: number;
  paid: Generated<number>;
  source_code: Generated<string>;
  created_at: Timestamp;
}
