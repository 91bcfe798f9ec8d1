import { staffed, type Handlers } from '../../http/context.js';
import type { ChatGreeting } from '../../modules/chat/chat-greeting.service.js';

/** The chat greeting in the staff console (ADR 0022). */
export function chatGreetingHandlers(greeting: ChatGreeting, nameOf: (staffId: number) => Promise<string>): Handlers {
  return {
    selectChatGreeting: staffed((_in, ctx) => greeting.read(ctx.platId)),
    saveChatGreeting: staffed(async (input, ctx) =>
      greeting.save({ platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip }, input.greetings),
    ),
  };
}
