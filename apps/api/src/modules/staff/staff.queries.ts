/** What flows ask the staff module (its face, ADR 0013): the platform's order a staff member may move, and who acted. */
export { auditOrderWrite, operatorName, platformOrderIn, stateChanged, type Actor, type OrderAudit } from './staff-order-gate.js';
export { allowedBeforeSecondFactor, mayCall, operationsOf, unlistedStaffOperations } from './staff-permissions.js';
