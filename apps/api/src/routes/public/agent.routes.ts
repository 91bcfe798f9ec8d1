import type { Handlers } from '../../http/context.js';
import type { AgentService } from '../../modules/agent/agent.service.js';

export function agentHandlers(agents: AgentService): Handlers {
  return {
    agentSetInfoGet: async (_in, ctx) => ({ obj: await agents.agreement(ctx.platId) }),
    selectAgentSetInfo: async (input, ctx) => ({ obj: await agents.registrationSetting(ctx.platId, input.phone) }),
    selectInviterAgent: async (input, ctx) => ({ obj: await agents.inviter(ctx.platId, input.inviterPhone) }),
    submitApplications: async (input, ctx) => {
      await agents.register(ctx.platId, input);
      return {};
    },
  };
}
