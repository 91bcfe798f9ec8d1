import type { Handlers } from '../../http/context.js';
import type { OrdersViewService } from './orders-view.service.js';

export function ordersViewHandlers(view: OrdersViewService): Handlers {
  return {
    selectOrderInfoList: async (input, ctx) => view.list(ctx.agentId!, input),
    selectOrderInfoByOrderId: async (input, ctx) => ({ obj: await view.detail(ctx.agentId!, input.id) }),
    closeDealApp: async (input, ctx) => {
      await view.close(ctx.agentId!, input.id, input.closeReason);
      return {};
    },
    orderReceiveDeal: async (input, ctx) => {
      await view.receive(ctx.agentId!, input.id);
      return {};
    },
  };
}
