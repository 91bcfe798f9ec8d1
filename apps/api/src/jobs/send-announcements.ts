import type { Deps } from '../deps.js';
import { fanOutAnnouncements } from '../modules/notification/notification.queries.js';

/**
 * Announcements fanned out to their agents in batches of 1,000 per transaction, resumable after the last agent written
 * (ADR 0043); several processes take turns by the announcement's lease.
 */
export async function sendAnnouncements(deps: Deps, now: Date) {
  return fanOutAnnouncements(deps, now);
}
