import type { Handlers } from '../../http/context.js';
import type { ChatService } from '../../modules/chat/chat.service.js';

/** selImChatBaseSet (spec 3 §7) and the page-by-page history, both of the session's agent only. */
export function chatHandlers(chat: ChatService): Handlers {
  return {
    selImChatBaseSet: async (_in, ctx) => ({ obj: await chat.settings(ctx.platId) }),
    selImChatHistory: async (input, ctx) => {
      const agentId = ctx.agentId!;
      const [page, settings] = await Promise.all([chat.history(agentId, input.beforeId), chat.settings(ctx.platId)]);
      return { objs: page.rows.map((r) => chat.toWire(r, { agentId }, settings.headImg)), hasMore: page.hasMore };
    },
  };
}
