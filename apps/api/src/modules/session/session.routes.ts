import type { Handlers } from '../../http/context.js';
import type { SessionService } from './session.service.js';

export function sessionHandlers(sessions: SessionService): Handlers {
  return {
    newLogin: (input, ctx) => sessions.login(ctx.platId, input),
    loginOut: async (_in, ctx) => {
      await sessions.logout(ctx.tokenHash!);
      return {};
    },
    agentInformationRefresh: async (_in, ctx) => ({ obj: await sessions.userInfo(ctx.agentId!) }),
    sendSMSCode: async (input, ctx) => {
      await sessions.sendCode(ctx.platId, ctx.agentId, input);
      return {};
    },
    editPassword: async (input, ctx) => {
      await sessions.resetPassword(ctx.platId, input);
      return {};
    },
  };
}
