import { chinaTimeText, type NotifyKind, type TemplateSource } from '@shop/contract';
import type { Trx } from '../../db/types.js';
import { insertMessage, insertOutbox } from './notification.repository.js';

/** One thing that happened to an agent (ADR 0037). */
export interface NotifyEvent {
  platId: string;
  agentId: number;
  /** Unique per event, e.g. `withdrawal:12:paid`: the same event written twice stays one message. */
  key: string;
  kind: NotifyKind;
  title: string;
  body: string;
  /** The shop route of the record ('/totalTxRecord'). */
  link: string;
  /** ISO time of the decision (the deciding transaction's clock). */
  at: string;
  /** What the kind's template may show besides title, body and time. */
  fields?: Partial<Record<TemplateSource, string>>;
  /** false: in-app only (announcements); default true. */
  wechat?: boolean;
}

/**
 * Writes the in-app message and the WeChat outbox row in the caller's transaction (transactional outbox, ADR 0037):
 * they commit with the decision or not at all, and insert-or-ignore on the event key keeps a replay to one of each.
 * Sending happens after commit in the job send-notifications. True when this call wrote the message.
 */
export async function notify(trx: Trx, e: NotifyEvent): Promise<boolean> {
  const title = e.title.slice(0, 64);
  const body = e.body.slice(0, 500);
  const link = e.link.slice(0, 200);
  const inserted = await insertMessage(trx, { plat_id: e.platId, agent_id: e.agentId, event_key: e.key, kind: e.kind, title, body, link, created_at: e.at });
  if (!inserted || e.wechat === false) return inserted;
  const fields = { title, body, time: chinaTimeText(e.at), ...e.fields };
  await insertOutbox(trx, {
    plat_id: e.platId,
    agent_id: e.agentId,
    event_key: e.key,
    kind: e.kind,
    fields_json: JSON.stringify(fields).slice(0, 2000),
    link,
    next_at: e.at,
    created_at: e.at,
  });
  return true;
}
