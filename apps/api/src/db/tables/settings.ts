import type { Generated } from 'kysely';

/*
 * Tables written by modules/settings, whose repositories are their only writers (ADR 0013): setting_versions.
 */

/** The version of one settings area (migration 015): a save moves it one up by a conditional update. */
export interface SettingVersionTable {
  plat_id: string;
  setting_key: string;
  version: Generated<number>;
}

/**
 * A change to a two-key settings area (ADR 0032, 四眼原则): proposed by one finance/admin member, applied when a
 * second approves (state 0 pending, 1 approved, 2 rejected; decided once by compare-and-set).
 */
export interface SettingProposalTable {
  id: Generated<number>;
  plat_id: string;
  setting_key: string;
  /** The area's version the proposal was made against: approving a stale one is refused. */
  base_version: number;
  /** The area's value as proposed (the contract's wire value, JSON). */
  value_json: string;
  before_text: string;
  after_text: string;
  state: Generated<number>;
  proposed_by_id: number;
  proposed_by_name: string;
  decided_by_id: number | null;
  decided_by_name: Generated<string>;
  reason: Generated<string>;
  created_at: string;
  decided_at: string | null;
}
