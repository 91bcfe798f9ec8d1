import type { Handlers } from '../../http/context.js';
import type { AddressService } from '../../modules/address/address.service.js';

/** Every handler works on the session's agent; ids of other agents' addresses answer '地址不存在'. */
export function addressHandlers(addresses: AddressService): Handlers {
  return {
    selectOrderLogisticsAddress: (input, ctx) => addresses.list(ctx.agentId!, input),
    getOrderLogisticsById: async (input, ctx) => ({ obj: await addresses.get(ctx.agentId!, input.id) }),
    saveOrderLogisticsAddress: async (input, ctx) => ({ obj: await addresses.save(ctx.agentId!, ctx.platId, input) }),
    updateOrderLogisticsAddress: async (input, ctx) => ({ obj: await addresses.update(ctx.agentId!, input) }),
    deleteOrderLogisticsAddressById: async (input, ctx) => {
      await addresses.remove(ctx.agentId!, input.id);
      return {};
    },
    setLogisticsAddressDefAddr: async (input, ctx) => {
      await addresses.setDefault(ctx.agentId!, input.id);
      return {};
    },
    cancelLogisticsAddressDefAddr: async (input, ctx) => {
      await addresses.cancelDefault(ctx.agentId!, input.id);
      return {};
    },
  };
}
