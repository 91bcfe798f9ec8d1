/** The order views' face (ADR 0013): one mapping of a receipt record and a refund to the wire, shared with staff reads. */
export { toReceipt, toRefund } from './orders-view.map.js';
