import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/staff, whose repositories are their only writers (ADR 0013): staff, staff_sessions.
 */

export interface StaffTable {
  id: Generated<number>;
  plat_id: string;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  created_at: Timestamp;
  /** Migration 013 (ADR 0020): a disabled member cannot log in; the TOTP second factor. */
  disabled_at: Generated<Timestamp | null>;
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: Generated<number | null>;
  /** Migration 026 (ADR 0033): why the member was disabled, told at login ('' = the general message). */
  disabled_reason: Generated<string>;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** 1 when the second factor was given at login (migration 013). */
  second_factor: Generated<number>;
}

/** Migration 026 (ADR 0033): every staff login attempt, append-only, written by the login path. */
export interface StaffLoginLogTable {
  id: Generated<number>;
  plat_id: string;
  staff_id: number | null;
  username: string;
  success: number;
  /** ok | wrongPassword | unknownUser | disabled | locked | totpRequired | totpWrong */
  result: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Timestamp;
}
