import type { OrderClosing } from '../../flows/close-order.js';
import type { Handlers } from '../../http/context.js';
import { stateChanged, type OrdersViewService } from '../../modules/orders-view/orders-view.service.js';

/**
 * spec 2 §2–§5. Closing is the close-order flow's (ADR 0013: routes call flows): an unpaid order past its window is
 * closed before the agent reads the list or the detail, so neither waits for the job (jobs/close-expired-orders.ts).
 */
export function ordersViewHandlers(view: OrdersViewService, closing: OrderClosing, now: () => Date): Handlers {
  return {
    selectOrderInfoList: async (input, ctx) => {
      await closing.closeExpired(now(), ctx.agentId!);
      return view.list(ctx.agentId!, input);
    },
    selectOrderInfoByOrderId: async (input, ctx) => {
      await closing.closeExpired(now(), ctx.agentId!);
      return { obj: await view.detail(ctx.agentId!, input.id) };
    },
    closeDealApp: async (input, ctx) => {
      const verdict = await view.closable(ctx.agentId!, input.id, input.closeReason);
      if (verdict.expired) {
        await closing.closeExpired(verdict.now, ctx.agentId!);
        throw stateChanged();
      }
      if (!(await closing.close(verdict.close))) throw stateChanged();
      return {};
    },
    orderReceiveDeal: async (input, ctx) => {
      await view.receive(ctx.agentId!, input.id);
      return {};
    },
  };
}
