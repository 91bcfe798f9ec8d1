import type { Handlers } from '../../http/context.js';
import type { CartService } from '../../modules/cart/cart.service.js';

export function cartHandlers(cart: CartService): Handlers {
  return {
    selectOrderShopCart: async (_in, ctx) => ({ objs: await cart.list(ctx.agentId!) }),
    saveOrderShopCart: async (input, ctx) => {
      await cart.add(ctx.agentId!, input);
      return {};
    },
    selectOrderShopCartCount: async (_in, ctx) => ({ obj: await cart.count(ctx.agentId!) }),
    editOrderShopCartNum: async (input, ctx) => {
      await cart.setQuantities(ctx.agentId!, input.list);
      return {};
    },
    deleteOrderShopCart: async (input, ctx) => {
      await cart.remove(ctx.agentId!, input.cartIdList);
      return {};
    },
    judgeProdNum: async (input, ctx) => {
      await cart.check(ctx.agentId!, input.list);
      return {};
    },
  };
}
