/** The refund module's face (ADR 0013, ADR 0034): staff refunds of paid orders, their lines and offline payouts. */
export * as refundRepo from './refund.repository.js';
export type { OrderRefundRow, PayoutListRow } from './refund.repository.js';
export { allocate, lineShare, METHODS, shareOf, splitByMethod, type Method, type Parts, type RefundLine } from './refund-split.js';
