import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/audit, whose repositories are their only writers (ADR 0013): audit_logs.
 */

export interface AuditLogTable {
  id: Generated<number>;
  plat_id: string;
  staff_id: number;
  staff_name: string;
  role: string;
  operation: string;
  target_kind: string;
  target_id: number;
  agent_id: number | null;
  amount: Generated<number>;
  before_state: Generated<string>;
  after_state: Generated<string>;
  reason: Generated<string>;
  detail: Generated<string>;
  ip: Generated<string>;
  created_at: Timestamp;
  /** Migration 026 (ADR 0033): the target's code as written; '' for older rows (resolved when read). */
  target_label: Generated<string>;
}
