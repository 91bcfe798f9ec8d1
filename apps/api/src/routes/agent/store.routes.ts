import type { Handlers } from '../../http/context.js';
import type { StoreService } from '../../modules/store/store.queries.js';

/** The agent's own store in the shop (ADR 0038): summary, settings, prices within the band, its VD orders. */
export function agentStoreHandlers(store: StoreService): Handlers {
  return {
    selMyStore: async (_input, ctx) => ({ obj: await store.myStore(ctx.agentId!) }),
    saveMyStore: async (input, ctx) => {
      await store.saveMyStore(ctx.agentId!, input);
      return {};
    },
    selMyStoreProducts: async (_input, ctx) => ({ objs: await store.myProducts(ctx.agentId!) }),
    saveMyStoreProducts: async (input, ctx) => {
      await store.saveMyProducts(ctx.agentId!, input.items);
      return {};
    },
    selMyStoreOrders: async (input, ctx) => store.myOrders(ctx.agentId!, input.state, input.phonePage),
  };
}
