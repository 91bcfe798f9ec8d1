import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/points, whose repositories are their only writers (ADR 0013): sign_settings, point_signs,
 * point_settings.
 */

export interface PointSettingTable {
  plat_id: string;
  point_change: number;
  state: number;
  sign_state: number;
  charge_money: number;
  charge_get_point: number;
}

/** Sign-in settings (spec 3 §4 Sign-in); the on/off switch is point_settings.sign_state. */
export interface SignSettingTable {
  plat_id: string;
  is_continuity_sign: Generated<number>;
  continuity_num: Generated<number>;
  fixed_integral: Generated<number>;
  continuity_integral: Generated<number>;
  bg_image: Generated<string>;
}

/** One row per agent per China day (unique): the sign-in and what it credited. */
export interface PointSignTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  sign_date: string;
  streak_day: number;
  points: Generated<number>;
  bonus: Generated<number>;
  created_at: Timestamp;
}
