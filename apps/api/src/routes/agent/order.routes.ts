import type { OrderFlow } from '../../flows/place-order.js';
import type { Handlers } from '../../http/context.js';
import { toOrderInfo } from '../../modules/order/order-info.js';
import type { OrderService } from '../../modules/order/order.service.js';

/** spec 3 §3 Pay method: the answer carries the recharge flags (rechargeState, loanRechargeState) of the upgrade module. */
export type RechargeFlags = (platId: string) => Promise<unknown>;

export function orderHandlers(orders: OrderService, placing: OrderFlow, rechargeFlags: RechargeFlags): Handlers {
  return {
    selectPayMethod: async (input, ctx) => ({
      objs: await orders.payMethods(ctx.platId, input.isEnable === 1),
      obj: await rechargeFlags(ctx.platId),
    }),
    selectOrderRuleSet: async (_in, ctx) => ({ objs: await orders.ruleSet(ctx.platId) }),
    getUpAgentInfo: async (_in, ctx) => ({ obj: await orders.upperAgent(ctx.agentId!) }),
    selectOrderPostMoney: async (input, ctx) => ({ obj: await orders.postMoney(ctx.agentId!, input) }),
    previewOrder: async (input, ctx) => ({ obj: await orders.preview(ctx.agentId!, input) }),
    saveOrderInfo: async (input, ctx) => {
      const order = await placing.save(ctx.agentId!, {
        ...input,
        lines: input.orderProductDetailBos,
        cartIds: input.orderShopCart,
        shown: { totalMoney: input.totalMoney, postMoney: input.postMoney, actualMoney: input.actualMoney },
      });
      return { obj: toOrderInfo(order) };
    },
  };
}
