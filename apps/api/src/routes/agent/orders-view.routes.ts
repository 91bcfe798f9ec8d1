import type { OrderClosing } from '../../flows/close-order.js';
import type { Handlers } from '../../http/context.js';
import { stateChanged, type OrdersViewService } from '../../modules/orders-view/orders-view.service.js';

/**
 * spec 2 §2–§5. Closing is the close-order flow's (ADR 0013: routes call flows): an unpaid order past its window is
 * closed before the agent reads the list or the detail, so neither waits for the job (jobs/close-expired-orders.ts).
 */
export function ordersViewHandlers(view: OrdersViewService, closing: OrderClosing, now: () => Date): Handlers {
  return {
    // ADR 0048: the list's own statement says whether an expired unpaid order exists; only then is it closed first.
    selectOrderInfoList: async (input, ctx) => {
      const read = await view.list(ctx.agentId!, input, now());
      if (read.answer) return read.answer;
      await closing.closeExpired(now(), ctx.agentId!);
      const again = await view.list(ctx.agentId!, input, now());
      if (again.answer) return again.answer;
      // An order that still cannot be closed (its close failed and the job retries it): answered as before, unclosed.
      return (await view.list(ctx.agentId!, input, new Date(0))).answer!;
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
