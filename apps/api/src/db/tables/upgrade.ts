import type { Generated } from 'kysely';
import type { PaidBy, Reviewed } from './shared.js';

/*
 * Tables written by modules/upgrade, whose repositories are their only writers (ADR 0013): upgrade_rules,
 * recharge_settings, recharge_applies.
 */

/** ADR 0017: upgrade rules of a grade; single_money null means "recruit agents". */
export interface UpgradeRuleTable {
  id: Generated<number>;
  plat_id: string;
  grade_id: number;
  single_money: number | null;
  recruit_count: Generated<number>;
  rule_str: Generated<string>;
  success_rule_str: Generated<string>;
  sort: Generated<number>;
}

export interface RechargeSettingTable {
  plat_id: string;
  recharge_state: Generated<number>;
  loan_recharge_state: Generated<number>;
}

/** A first top-up (grade_up_type 1) or an upgrade (2), fen. */
export interface RechargeApplyTable extends PaidBy, Reviewed {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  recharge_code: string;
  grade_up_type: number;
  old_grade_id: number;
  new_grade_id: number;
  recharge_money: number;
  pay_type: number;
  remark: Generated<string>;
}
