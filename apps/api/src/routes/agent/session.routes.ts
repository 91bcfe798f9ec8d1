import type { Handlers } from '../../http/context.js';
import type { SessionService } from '../../modules/session/session.service.js';

export function sessionHandlers(sessions: SessionService): Handlers {
  return {
    loginOut: async (_in, ctx) => {
      await sessions.logout(ctx.tokenHash!);
      return {};
    },
    agentInformationRefresh: async (_in, ctx) => ({ obj: await sessions.userInfo(ctx.agentId!) }),
  };
}
