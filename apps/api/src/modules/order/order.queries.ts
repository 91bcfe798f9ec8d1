/**
 * What flows and other modules ask the order module (its face, ADR 0013): pricing an order (a read), the buying gate
 * and pay-method rules, and the writes of placing, closing, paying, reviewing and shipping an order, each in the
 * caller's transaction. ORDER_STATE itself is the contract's.
 */
import * as orderSettingsRows from './order-settings.repository.js';
export { createQuote, type Priced, type Quote, type QuoteInput } from './order-quote.js';
export { assertMayBuy, createPayMethodRules } from './order-rules.js';
export { toOrderBase, toOrderInfo } from './order-info.js';
export {
  addLog,
  clearBalanceParts,
  countByState,
  findByIdempotencyKey,
  findExpiredUnpaid,
  findOrderById,
  findOrderForAgent,
  findPayMethods,
  findRules,
  insertOrder,
  linesOf,
  moveState,
  moveStateReturning,
  releaseReservation,
  setOrderCode,
  type OrderLineRow,
} from './order.repository.js';
export { assertTransition, canMove } from './order-state.js';
/** Staff refunds of a paid order (ADR 0034). */
export { recordLineRefund, recordOrderRefund } from './order-refund.repository.js';
/** Performance (ADR 0018): paid orders of a set of agents. */
export { paidOrdersOf } from './order-performance.repository.js';
/** The dashboard (ADR 0020): the platform's orders in a state, paid orders by hour. */
export { countOfPlatformInState, paidByHour } from './order-counts.repository.js';
/** The staff console (ADR 0020): order search, the shipping queue, an order by its code, the state log. */
export { countOrders, findOrderByCode, logsOfOrder, searchOrderRows, toShipRows, type OrderFilter } from './order-search.repository.js';
/** The staff console's agent detail (ADR 0020): an agent's order count and newest orders. */
export { countOrdersOfAgent, recentOrdersOfAgent } from './agent-orders.repository.js';
/** The auto-receipt job (ADR 0027): the days after shipping, and the shipped orders that are due. */
export { autoReceiveDays, platformsWithShipped, shippedSentBy } from './order-receipt.repository.js';
export { afterSaleDays } from './order-receipt.repository.js';
/** The console's settings (ADR 0022): order rules, pay methods, freight. */
export const orderSettings = {
  read: orderSettingsRows.read,
  replaceFreight: orderSettingsRows.replaceFreight,
  replacePayMethods: orderSettingsRows.replacePayMethods,
  saveRules: orderSettingsRows.saveRules,
};
/** The staff change of an order's receiving address (compare-and-set). */
export { changeReceiver, type Receiver } from './order-corrections.repository.js';
/** The agent's order list (spec 2 §2), read by the orders view. */
export { countAgentOrders, listAgentOrders } from './agent-order-list.repository.js';
export { pageAgentOrders } from './agent-order-list.repository.js';
