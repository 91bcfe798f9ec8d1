/** What flows ask the staff module (its face, ADR 0013): the platform's order a staff member may move, and who acted. */
export { auditOrderWrite, operatorName, platformOrderIn, stateChanged, type OrderAudit } from './staff-order-gate.js';
export type { StaffActor } from './staff-actor.js';
export { allowedBeforeSecondFactor, mayCall, operationsOf, unlistedStaffOperations } from './staff-permissions.js';
/** The composition root: who a staff member is (platform and name), for voucher links and the audit's names. */
export { findStaffById } from './staff.repository.js';
/** ADR 0035: the platform's order, whatever its state (the corrections check the state they need). */
export { findOrderOfPlatform } from './staff.repository.js';
/** ADR 0047: the production platform's first admin, made by `npm run setup:admin`. */
export { createFirstAdmin, type FirstAdmin } from './first-admin.js';
