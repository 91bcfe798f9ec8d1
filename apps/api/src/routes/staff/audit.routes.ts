import { staffed, type Handlers } from '../../http/context.js';
import type { AuditService } from '../../modules/audit/audit.service.js';

/** The audit trail's search (ADR 0020): read-only, the staff member's platform. */
export function auditHandlers(audit: AuditService): Handlers {
  return {
    selectAuditLog: staffed((input, ctx) => audit.search(ctx.platId, input)),
    selectAuditStaff: staffed((_input, ctx) => audit.staff(ctx.platId)),
    exportAuditLog: staffed((input, ctx) => audit.exportXlsx(ctx.platId, input)),
  };
}
