import type { RefundRecords } from '../../flows/refund-records.js';
import type { Handlers } from '../../http/context.js';

/** The agent's view of an order's refunds (ADR 0034). */
export function orderRefundAgentHandlers(records: RefundRecords): Handlers {
  return {
    selectMyOrderRefunds: (input, ctx) => records.mine(ctx.agentId!, input.orderId),
  };
}
