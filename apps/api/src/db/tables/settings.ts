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
