import { randomUUID } from 'node:crypto';
import type { TemplateSource } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/types.js';
import { HOUR, MINUTE, iso } from '../../lib/clock.js';
import type { AccessTokenStore } from '../../providers/wechat-template/template-provider.js';
import * as repo from './notification.repository.js';
import { DEFAULT_FIELDS } from './notification.service.js';

/** ADR 0037: wait after the n-th failed attempt; after the last one the row is a dead letter. */
export const BACKOFF_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** Longer than a send can take (5 s timeout, one token refresh and a second send): a live run keeps its rows. */
export const LEASE_MS = 2 * MINUTE;
const BATCH = 50;

/** The shared access token in the database, for the official adapter (compare-and-set refresh, ADR 0037). */
export function tokenStore(k: Executor): AccessTokenStore {
  return {
    async read(appId) {
      const r = await repo.readToken(k, appId);
      return r ? { token: r.token, expiresAt: r.expires_at, refreshUntil: r.refresh_until } : null;
    },
    claimRefresh: (appId, seen, now, until) => repo.claimTokenRefresh(k, appId, seen, iso(now), iso(until)),
    save: (appId, token, expiresAt) => repo.saveToken(k, appId, token, iso(expiresAt)),
  };
}

/**
 * Sends the due outbox rows as WeChat template messages (job send-notifications). Safe in several processes at once:
 * each row is leased by compare-and-set and settled only by the run holding the lease. A run that dies between the
 * send and the mark leaves the row leased; once the lease expires another run sends it again with the same event key
 * (the local provider delivers a key once; WeChat itself has no such key: at least once, ADR 0037).
 */
export async function sendDueNotifications(deps: Deps, now: Date) {
  const k = deps.db.kysely;
  const provider = deps.providers.wechatTemplate;
  const tokens = tokenStore(k);
  const nowIso = iso(now);
  const base = (deps.config.publicOrigins[0] ?? '').replace(/\/$/, '');
  const templates = new Map<string, Map<string, { templateId: string; fields: { key: string; source: TemplateSource }[] }>>();
  const templateOf = async (platId: string, kind: string) => {
    if (!templates.has(platId)) {
      const rows = await repo.templatesOf(k, platId);
      templates.set(platId, new Map(rows.map((r) => [r.kind, { templateId: r.template_id, fields: JSON.parse(r.fields_json) }])));
    }
    return templates.get(platId)!.get(kind);
  };
  const counts = { sent: 0, skipped: 0, retried: 0, dead: 0 };

  for (const { id } of await repo.dueOutbox(k, nowIso, BATCH)) {
    const lease = randomUUID();
    if (!(await repo.leaseOutbox(k, Number(id), nowIso, iso(new Date(now.getTime() + LEASE_MS)), lease))) continue;
    const row = await repo.outboxRow(k, Number(id));
    const skip = async (why: string) => {
      if (await repo.settleOutbox(k, Number(id), lease, { state: 'skipped', last_error: why })) counts.skipped += 1;
    };
    const agent = await repo.agentForSend(k, Number(row.agent_id));
    if (!agent?.open_id) { await skip('未绑定微信'); continue; }
    if (!(await repo.wechatOn(k, Number(row.agent_id), row.kind))) { await skip('代理商已关闭该类微信通知'); continue; }
    const template = await templateOf(row.plat_id, row.kind);
    if (!template?.templateId) { await skip('未配置模板'); continue; }
    const values = JSON.parse(row.fields_json) as Partial<Record<TemplateSource, string>>;
    const fields = template.fields.length > 0 ? template.fields : DEFAULT_FIELDS;
    const data = Object.fromEntries(fields.map((f) => [f.key, values[f.source] ?? '']));

    // A throw here (the process dies) leaves the row leased: it is sent again after the lease, with the same key.
    const result = await provider.send({ eventKey: row.event_key, openId: agent.open_id, templateId: template.templateId, url: `${base}${row.link}`, data }, tokens);

    if (result.ok) {
      if (await repo.settleOutbox(k, Number(id), lease, { state: 'sent', sent_at: nowIso, attempts: row.attempts + 1, last_error: '' })) counts.sent += 1;
      continue;
    }
    const attempts = row.attempts + 1;
    const error = `${result.code} ${result.message}`.trim().slice(0, 200);
    if (!result.retry || attempts >= MAX_ATTEMPTS) {
      if (await repo.settleOutbox(k, Number(id), lease, { state: 'dead', attempts, last_error: error })) counts.dead += 1;
    } else {
      const next = iso(new Date(now.getTime() + BACKOFF_MS[attempts - 1]!));
      if (await repo.settleOutbox(k, Number(id), lease, { state: 'pending', attempts, next_at: next, last_error: error })) counts.retried += 1;
    }
  }
  return counts;
}
