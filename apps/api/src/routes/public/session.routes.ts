import type { Handlers } from '../../http/context.js';
import type { SessionService } from '../../modules/session/session.service.js';

/** Login, the SMS code (with or without a session) and the forgotten-password reset: before any session. */
export function publicSessionHandlers(sessions: SessionService): Handlers {
  return {
    newLogin: (input, ctx) => sessions.login(ctx.platId, input),
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
