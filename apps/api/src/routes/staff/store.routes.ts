import type { StoreOrders } from '../../flows/store-orders.js';
import { staffed, type Handlers } from '../../http/context.js';
import type { StoreService } from '../../modules/store/store.queries.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Headquarters' side of the agents' stores (ADR 0038): switches, bands, VD orders shipped and refunded. */
export function storeStaffHandlers(store: StoreService, orders: StoreOrders, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    staffSelStoreSwitches: staffed(async (_input, ctx) => ({ objs: await store.switches(ctx.platId) })),
    staffSaveGradeStore: staffed(async (input, ctx) => {
      await store.saveGradeSwitch(await actor(ctx), input.gradeId, input.storeEnabled);
      return {};
    }),
    staffSelAgentStore: staffed(async (input, ctx) => ({ obj: await store.agentStore(ctx.platId, input.agentId) })),
    staffSaveAgentStore: staffed(async (input, ctx) => {
      await store.saveAgentOverride(await actor(ctx), input.agentId, input.override);
      return {};
    }),
    staffSelRetailBands: staffed(async (input, ctx) => store.bands(ctx.platId, input.keyword || undefined, input.phonePage)),
    staffSaveRetailBand: staffed(async (input, ctx) => {
      await store.saveBand(await actor(ctx), input);
      return {};
    }),
    staffSelStoreOrders: staffed(async (input, ctx) => store.staffOrders(ctx.platId, { orderCode: input.orderCode || undefined, state: input.state }, input.phonePage)),
    staffShipStoreOrder: staffed(async (input, ctx) => {
      await orders.ship(await actor(ctx), input);
      return {};
    }),
    staffRefundStoreOrder: staffed(async (input, ctx) => ({ obj: await orders.refund(await actor(ctx), input) })),
  };
}
