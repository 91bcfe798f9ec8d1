/**
 * The notification module's face (ADR 0037): flows and modules call `notify` inside the transaction of their decision;
 * after-sales steps use it the same way (kind 'afterSales').
 */
export { notify, type NotifyEvent } from './notify.js';
export { fenText } from './texts.js';
/** ADR 0043: announcements written to their agents in batches (the job send-announcements). */
export { fanOutAnnouncements } from './announcement-fanout.js';
