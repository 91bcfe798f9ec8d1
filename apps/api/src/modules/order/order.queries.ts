/**
 * What flows and other modules ask the order module (its face, ADR 0013): pricing an order (a read), the buying gate
 * and pay-method rules, and the writes of placing, closing and paying an order, each in the caller's transaction.
 */
export { createQuote, type Priced, type Quote, type QuoteInput } from './order-quote.js';
export { assertMayBuy, createPayMethodRules } from './order-rules.js';
export { toOrderBase, toOrderInfo } from './order-info.js';
export { findByIdempotencyKey, findOrderForAgent, findPayMethods, insertOrder, moveState, releaseReservation, setOrderCode } from './order.repository.js';
export { assertTransition, canMove, ORDER_STATE, type OrderState } from './order-state.js';
/** Performance (issue 10 item 8): paid orders of a set of agents. */
export { paidOrdersOf } from './order-performance.repository.js';
