import type { Deps } from '../deps.js';
import { sendDueNotifications } from '../modules/notification/notification-sender.js';

/**
 * WeChat template messages from the transactional outbox (ADR 0037): due rows are leased, sent, marked; failures wait
 * 1 min, 5 min, 30 min, 2 h, 6 h, then become dead letters the console lists (admin may queue them again).
 */
export async function sendNotifications(deps: Deps, now: Date) {
  return sendDueNotifications(deps, now);
}
