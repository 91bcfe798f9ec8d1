import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/session, whose repositories are their only writers (ADR 0013): sessions.
 */

export interface SessionTable {
  token_hash: string;
  agent_id: number;
  plat_id: string;
  remember: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** 1 when opened with a one-time password (ADR 0024): only setting a new password is allowed. */
  must_change_password: Generated<number>;
}
