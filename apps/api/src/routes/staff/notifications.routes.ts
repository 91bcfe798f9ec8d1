import { staffed, type Handlers } from '../../http/context.js';
import type { NotificationService } from '../../modules/notification/notification.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Announcements, dead letters, delivery counts and the template settings (contract notifications, ADR 0037). */
export function notificationStaffHandlers(messages: NotificationService, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    sendAnnouncement: staffed(async (input, ctx) => messages.announce(await actor(ctx), input)),
    selectAnnouncements: staffed((_input, ctx) => messages.announcements(ctx.platId)),
    selectDeadLetters: staffed((_input, ctx) => messages.deadLetters(ctx.platId)),
    retryDeadLetter: staffed(async (input, ctx) => messages.retryDead(await actor(ctx), input.id)),
    selectDeliveryCounts: staffed((input, ctx) => messages.deliveryCounts(ctx.platId, input.days)),
    selectNotifyTemplates: staffed((_input, ctx) => messages.templates(ctx.platId)),
    saveNotifyTemplates: staffed(async (input, ctx) => messages.saveTemplates(await actor(ctx), input)),
  };
}
