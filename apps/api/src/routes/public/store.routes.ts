import type { Handlers } from '../../http/context.js';
import type { ConsumerService, StoreService } from '../../modules/store/store.queries.js';

/** The public face of an agent's store (ADR 0038): what anyone with the link sees, and the consumer's login. */
export function publicStoreHandlers(store: StoreService, consumers: ConsumerService): Handlers {
  return {
    selStoreHome: async (input) => ({ obj: await store.home(input.shopId) }),
    selStoreProduct: async (input) => ({ obj: await store.product(input.shopId, input.prodId) }),
    consumerLogin: async (input, ctx) => ({ obj: await consumers.login(ctx.platId, input.code) }),
  };
}
