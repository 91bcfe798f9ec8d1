import { AGENT_MONEY_PERMISSION } from '@shop/contract';
import type { ManageAgent } from '../../flows/manage-agent.js';
import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import { mayCall } from '../../modules/staff/staff.queries.js';
import type { AgentStaffService } from '../../modules/agent/agent-directory.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Exact balances only for the roles the permission table gives the money (ADR 0025); the others get a summary. */
const seesMoney = (ctx: Staffed) => mayCall(ctx.staffRole, AGENT_MONEY_PERMISSION);

/** Agents in the staff console (ADR 0020): reads of the service, writes of the manage-agent flow. */
export function agentStaffHandlers(agents: AgentStaffService, manage: ManageAgent, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    searchAgents: staffed((input, ctx) => agents.search(ctx.platId, input, seesMoney(ctx))),
    selectAgentOptions: staffed((input, ctx) => agents.options(ctx.platId, input.keyword)),
    selectAgentGrades: staffed((_input, ctx) => agents.grades(ctx.platId)),
    selectAgentDetail: staffed((input, ctx) => agents.detail(ctx.platId, input.agentId, seesMoney(ctx))),
    selectAgentChanges: staffed((input, ctx) => agents.changes(ctx.platId, input)),
    selectAgentInvitees: staffed((input, ctx) => agents.invitees(ctx.platId, input.agentId)),
    adjustAgentBalance: staffed(async (input, ctx) => manage.adjustBalance(await actor(ctx), input)),
    setAgentLoginEnabled: staffed(async (input, ctx) => manage.setLoginEnabled(await actor(ctx), input)),
    changeAgentGrade: staffed(async (input, ctx) => manage.changeGrade(await actor(ctx), input)),
    resetAgentPassword: staffed(async (input, ctx) => manage.resetPassword(await actor(ctx), input)),
    waiveAgentBondDue: staffed(async (input, ctx) => manage.waiveBondDue(await actor(ctx), input)),
    reactivateAgent: staffed(async (input, ctx) => manage.reactivate(await actor(ctx), input)),
  };
}
