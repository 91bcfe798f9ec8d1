import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/agent: grades, the agent setting and agents. modules/ledger moves an agent's balance
 * columns (ADR 0017), nothing else.
 */

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
  /** Withdrawing (ADR 0017): submitted withdrawals not yet paid out or refused. */
  apply_income: Generated<number>;
  /** Network income earned but still frozen (allFrozenAwardMoney). */
  frozen_award: Generated<number>;
  created_at: Timestamp;
  /** Profile (spec 3 §5 Profile, migration 009): sex 0 female, 1 male, 2 secret; birth date 'YYYY-MM-DD' or ''. */
  wx_number: Generated<string>;
  birth_date: Generated<string>;
  sex: Generated<number>;
  province_code: Generated<string>;
  city_code: Generated<string>;
  /** Set when staff turned the agent's login off (ADR 0020, migration 013); null = may log in. */
  login_disabled_at: Generated<Timestamp | null>;
  /** ADR 0026 (migration 020): when finance waived the deposit due; when a full refund took the agent out (is_active 0). */
  bond_waived_at: Generated<Timestamp | null>;
  deactivated_at: Generated<Timestamp | null>;
  /** ADR 0043 (migration 035): how many times the deposit fell due; names the episode of 保证金待缴纳. */
  bond_due_episode: Generated<number>;
  /** 1 after a staff reset (ADR 0024, migration 019): the one-time password must be replaced before anything else. */
  must_change_password: Generated<number>;
}
