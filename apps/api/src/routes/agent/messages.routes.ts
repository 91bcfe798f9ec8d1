import type { Handlers } from '../../http/context.js';
import type { NotificationService } from '../../modules/notification/notification.service.js';

/** The message centre (contract notifications, ADR 0037): always the session's own agent, never one from the input. */
export function messagesHandlers(messages: NotificationService): Handlers {
  return {
    selectMyMessages: (input, ctx) => messages.list(ctx.agentId!, input.group, input.phonePage),
    countMyUnread: (_input, ctx) => messages.unread(ctx.agentId!),
    readMyMessage: (input, ctx) => messages.read(ctx.agentId!, input.id),
    readAllMyMessages: (input, ctx) => messages.readAll(ctx.agentId!, input.group),
    selectMyNotifyPrefs: (_input, ctx) => messages.prefs(ctx.agentId!),
    saveMyNotifyPref: (input, ctx) => messages.savePref(ctx.agentId!, input.kind, input.wechatOn),
  };
}
