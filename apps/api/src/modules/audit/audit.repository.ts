import type { Executor, Trx } from '../../db/types.js';
import { targetLabels } from './audit-targets.repository.js';

/** One staff write, as the back office shows it (ARCHITECTURE: who, role, operation, target, amounts, reason, address, time). */
export interface AuditEntry {
  platId: string;
  staffId: number;
  /** The staff member's username (kept as it was then: a later rename does not rewrite history). */
  staffName: string;
  role: string;
  /** The contract operation's name: 'reviewWithdrawal', 'freezeStore', ... */
  operation: string;
  /** What was acted on: 'withdrawal', 'agent', 'recharge', ... and its id. */
  targetKind: string;
  targetId: number;
  agentId?: number | null;
  /** Fen moved or decided on (0 when none). */
  amount?: number;
  before?: string;
  after?: string;
  reason?: string;
  /** Anything else worth keeping (payout reference, release date), short text. */
  detail?: string;
  ip: string;
  at: string;
  /** The target's code as people know it (ADR 0033); looked up in the write's transaction when not given. */
  targetLabel?: string;
}

/**
 * Appends the audit record in the caller's transaction, so a write and its record commit together or not at all.
 * Append-only: nothing updates or deletes audit_logs.
 */
export async function recordAudit(trx: Trx, e: AuditEntry): Promise<void> {
  const label = e.targetLabel ?? (await targetLabels(trx, e.platId, e.targetKind, [e.targetId])).get(e.targetId) ?? '';
  await trx
    .insertInto('audit_logs')
    .values({
      plat_id: e.platId,
      staff_id: e.staffId,
      staff_name: e.staffName.slice(0, 64),
      role: e.role,
      operation: e.operation,
      target_kind: e.targetKind,
      target_id: e.targetId,
      agent_id: e.agentId ?? null,
      amount: e.amount ?? 0,
      before_state: (e.before ?? '').slice(0, 2000),
      after_state: (e.after ?? '').slice(0, 2000),
      reason: (e.reason ?? '').slice(0, 255),
      detail: (e.detail ?? '').slice(0, 1000),
      ip: e.ip.slice(0, 64),
      created_at: e.at,
      target_label: label.slice(0, 128),
    })
    .execute();
}

/** The audit records of one target, oldest first (for the back office and the tests). */
export function auditOf(db: Executor, platId: string, targetKind: string, targetId: number) {
  return db
    .selectFrom('audit_logs')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('target_kind', '=', targetKind)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}
