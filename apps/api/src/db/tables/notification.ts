import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/notification, whose repositories are their only writers (ADR 0013, ADR 0037):
 * notifications, notification_outbox, notification_prefs, notification_templates, wechat_access_tokens, announcements.
 */

/** One in-app message of an agent (the message centre); unique per event key. */
export interface NotificationTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  event_key: string;
  kind: string;
  title: string;
  body: Generated<string>;
  /** The shop route of the record the message is about ('/totalTxRecord'). */
  link: Generated<string>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** One WeChat template message to send (transactional outbox, ADR 0037). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  event_key: string;
  kind: string;
  /** The event's fields (title, body, amount, reference, …) as JSON; the kind's template maps them. */
  fields_json: string;
  link: Generated<string>;
  /** 'pending' | 'sent' | 'skipped' | 'dead' */
  state: Generated<string>;
  attempts: Generated<number>;
  next_at: Timestamp;
  leased_until: Timestamp | null;
  lease_token: string | null;
  last_error: Generated<string>;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** An agent's WeChat switch for one kind (no row = on); the in-app copy is always kept. */
export interface NotificationPrefTable {
  agent_id: number;
  kind: string;
  wechat_on: Generated<number>;
}

/** The template of one kind (系统设置): its id and which event field fills each template key. */
export interface NotificationTemplateTable {
  plat_id: string;
  kind: string;
  template_id: Generated<string>;
  fields_json: Generated<string>;
}

/** The official account's access token, shared by every process; refreshed by the holder of refresh_until. */
export interface WechatAccessTokenTable {
  app_id: string;
  token: Generated<string>;
  expires_at: Generated<string>;
  refresh_until: Timestamp | null;
}

/** ADR 0043 (migration 035): an announcement, fanned out to its agents in batches by the job send-announcements. */
export interface AnnouncementTable {
  id: Generated<number>;
  plat_id: string;
  title: string;
  body: Generated<string>;
  grade_id: number | null;
  /** '全部代理商' or '等级 <name>', as written when sent. */
  scope_text: Generated<string>;
  total: Generated<number>;
  sent: Generated<number>;
  last_agent_id: Generated<number>;
  /** The highest agent id when it was sent: agents registered later are not reached. */
  until_agent_id: Generated<number>;
  /** 'sending' | 'done'. */
  state: Generated<string>;
  leased_until: Timestamp | null;
  lease_token: string | null;
  staff_id: number;
  staff_name: Generated<string>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
