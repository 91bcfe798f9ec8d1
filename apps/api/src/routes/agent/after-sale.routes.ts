import type { AfterSales } from '../../flows/after-sale.js';
import type { Handlers } from '../../http/context.js';

/** The agent's after-sales requests (spec 2, ADR 0036): only ever their own. */
export function afterSaleAgentHandlers(afterSales: AfterSales): Handlers {
  return {
    selectAfterSaleOptions: (input, ctx) => afterSales.options(ctx.agentId!, input.orderId),
    applyAfterSale: (input, ctx) => afterSales.apply(ctx.agentId!, input),
    selectMyAfterSales: (input, ctx) => afterSales.mine(ctx.agentId!, input),
    selectAfterSaleDetail: (input, ctx) => afterSales.detail(ctx.agentId!, input.id),
    withdrawAfterSale: (input, ctx) => afterSales.withdraw(ctx.agentId!, input.id),
    submitAfterSaleWaybill: (input, ctx) => afterSales.waybill(ctx.agentId!, input),
  };
}
