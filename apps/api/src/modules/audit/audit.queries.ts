/** The audit module's face: every staff write records itself through recordAudit in its own transaction. */
export { auditOf, recordAudit, type AuditEntry } from './audit.repository.js';
