import { AGENT_MONEY_PERMISSION } from '@shop/contract';
import type { ManageAgent, StaffActor } from '../../flows/manage-agent.js';
import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import { mayCall } from '../../modules/staff/staff.queries.js';
import type { AgentStaffService } from '../../modules/agent/agent-directory.service.js';

/** Exact balances only for the roles the permission table gives the money (ADR 0025); the others get a summary. */
const seesMoney = (ctx: Staffed) => mayCall(ctx.staffRole, AGENT_MONEY_PERMISSION);

/** The staff member's name as the audit records it (compose.ts resolves it from the staff face). */
export type StaffNameOf = (staffId: number) => Promise<string>;

/** Agents in the staff console (ADR 0020): reads of the service, writes of the manage-agent flow. */
export function agentStaffHandlers(agents: AgentStaffService, manage: ManageAgent, nameOf: StaffNameOf): Handlers {
  const actor = async (ctx: Staffed): Promise<StaffActor> => ({
    platId: ctx.platId,
    staffId: ctx.staffId,
    staffName: await nameOf(ctx.staffId),
    role: ctx.staffRole,
    ip: ctx.ip,
  });
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
