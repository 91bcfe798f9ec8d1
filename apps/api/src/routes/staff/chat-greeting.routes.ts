import { staffed, type Handlers } from '../../http/context.js';
import type { ChatGreeting } from '../../modules/chat/chat-greeting.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The chat greeting in the staff console (ADR 0022). */
export function chatGreetingHandlers(greeting: ChatGreeting, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectChatGreeting: staffed((_in, ctx) => greeting.read(ctx.platId)),
    saveChatGreeting: staffed(async (input, ctx) => greeting.save(await actor(ctx), input.greetings)),
  };
}
