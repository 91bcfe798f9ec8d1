import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/sms, whose repositories are their only writers (ADR 0013): sms_codes.
 */

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
