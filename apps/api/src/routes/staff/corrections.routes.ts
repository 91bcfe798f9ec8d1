import type { AgentCorrections } from '../../flows/correct-agent.js';
import type { OrderCorrections } from '../../flows/correct-order.js';
import { staffed, type Handlers } from '../../http/context.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Corrections by staff (ADR 0035): the warehouse's on orders, the service desk's and the admin's on agents. */
export function correctionHandlers(orders: OrderCorrections, agents: AgentCorrections, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    correctWaybill: staffed(async (input, ctx) => orders.correctWaybill(await actor(ctx), input)),
    markOrderNotShipped: staffed(async (input, ctx) => orders.markNotShipped(await actor(ctx), input)),
    changeOrderAddress: staffed(async (input, ctx) => orders.changeAddress(await actor(ctx), input)),
    editAgentProfile: staffed(async (input, ctx) => agents.editProfile(await actor(ctx), input)),
    changeAgentInviter: staffed(async (input, ctx) => agents.changeInviter(await actor(ctx), input)),
    createAgentByStaff: staffed(async (input, ctx) => agents.createAgent(await actor(ctx), input)),
  };
}
