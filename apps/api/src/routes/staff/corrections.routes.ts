import type { AgentCorrections } from '../../flows/correct-agent.js';
import type { OrderCorrections } from '../../flows/correct-order.js';
import type { StaffActor } from '../../flows/manage-agent.js';
import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import type { StaffNameOf } from './agents.routes.js';

/** Corrections by staff (issue 20 §3): the warehouse's on orders, the service desk's and the admin's on agents. */
export function correctionHandlers(orders: OrderCorrections, agents: AgentCorrections, nameOf: StaffNameOf): Handlers {
  const actor = async (ctx: Staffed): Promise<StaffActor> => ({
    platId: ctx.platId,
    staffId: ctx.staffId,
    staffName: await nameOf(ctx.staffId),
    role: ctx.staffRole,
    ip: ctx.ip,
  });
  return {
    correctWaybill: staffed((input, ctx) => orders.correctWaybill(ctx, input)),
    markOrderNotShipped: staffed((input, ctx) => orders.markNotShipped(ctx, input)),
    changeOrderAddress: staffed((input, ctx) => orders.changeAddress(ctx, input)),
    editAgentProfile: staffed(async (input, ctx) => agents.editProfile(await actor(ctx), input)),
    changeAgentInviter: staffed(async (input, ctx) => agents.changeInviter(await actor(ctx), input)),
    createAgentByStaff: staffed(async (input, ctx) => agents.createAgent(await actor(ctx), input)),
  };
}
