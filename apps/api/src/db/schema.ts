import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 text in UTC ('2026-11-21T02:00:00.000Z'): sortable, equal on both databases. */
type Timestamp = string;

export interface GradeTable {
  id: Generated<number>;
  plat_id: string;
  grade_name: string;
  /** 1 is the lowest grade. */
  grade_level: number;
  first_recharge_money: number; // fen
  bond_money: number; // fen
  created_at: Timestamp;
}

export interface AgentSettingTable {
  plat_id: string;
  level_ids: string;
  is_enable: number;
  invitation_title: string;
  invitation_content: string;
  is_contain_name: number;
  agreement_title: string;
  agreement_content: string;
}

export interface AgentTable {
  id: Generated<number>;
  plat_id: string;
  phone: string;
  agent_name: string;
  agent_code: string;
  password_hash: string;
  pay_password_hash: string | null;
  grade_id: number;
  agent_type: number;
  /** 0 not yet recharged, 1 active. */
  agent_status: number;
  is_need_bond_status: number;
  /** 1 while the agent belongs to the network; 0 after the deposit was withdrawn (left). */
  is_active: number;
  inviter_id: number | null;
  head_img_url: string;
  open_id: string | null;
  /** Balances in fen (points are whole points); each equals the sum of its account_changes. */
  last_store: number;
  lave_income: number;
  lave_integral: number;
  bond_money: number;
  frozen_store: number;
  created_at: Timestamp;
}

/** One ledger for every balance: account is 'store' | 'income' | 'integral' | 'bond' | 'frozen'. */
export interface AccountChangeTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  account: string;
  /** Signed: positive adds, negative takes. */
  amount: number;
  balance_after: number;
  /** The spec's change code (changeState). */
  change_state: number;
  order_code: string | null;
  remark: string;
  created_at: Timestamp;
}

export interface SessionTable {
  token_hash: string;
  agent_id: number;
  plat_id: string;
  remember: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  plat_id: string;
  phone: string;
  func_type: number;
  code_hash: string;
  attempts: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Counters for lockouts and quotas (login failures per account, SMS per phone per day). */
export interface AttemptTable {
  key: string;
  count: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

export interface Database {
  grades: GradeTable;
  agent_settings: AgentSettingTable;
  agents: AgentTable;
  account_changes: AccountChangeTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  attempts: AttemptTable;
}

export type AgentRow = Selectable<AgentTable>;
export type NewAgent = Insertable<AgentTable>;
export type AgentUpdate = Updateable<AgentTable>;
export type GradeRow = Selectable<GradeTable>;
