import type { Executor } from '../../db/types.js';

/** The audit trail's search (ADR 0020): reads only; nothing in this module updates or deletes audit_logs. */
export interface AuditFilters {
  operation?: string | null;
  staffId?: number | null;
  targetKind?: string | null;
  targetId?: number | null;
  /** UTC bounds: from inclusive, before exclusive. */
  fromUtc?: string | null;
  beforeUtc?: string | null;
}

function filtered(db: Executor, platId: string, f: AuditFilters) {
  let q = db.selectFrom('audit_logs').where('plat_id', '=', platId);
  if (f.operation) q = q.where('operation', '=', f.operation);
  if (f.staffId) q = q.where('staff_id', '=', f.staffId);
  if (f.targetKind) q = q.where('target_kind', '=', f.targetKind);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.fromUtc) q = q.where('created_at', '>=', f.fromUtc);
  if (f.beforeUtc) q = q.where('created_at', '<', f.beforeUtc);
  return q;
}

export async function countAudit(db: Executor, platId: string, f: AuditFilters): Promise<number> {
  const r = await filtered(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first. */
export function pageAudit(db: Executor, platId: string, f: AuditFilters, limit: number, offset: number) {
  return filtered(db, platId, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** The staff members who wrote any of the platform's records, by name (the trail's staff filter). */
export function staffInAudit(db: Executor, platId: string) {
  return db.selectFrom('audit_logs').select(['staff_id', 'staff_name']).distinct().where('plat_id', '=', platId).orderBy('staff_name').execute();
}
