
import type { Executor, Trx } from '../../db/types.js';

/** SQL of the message centre, the outbox, the preferences, the templates and the shared token (ADR 0037). */

export interface MessageRow {
  plat_id: string;
  agent_id: number;
  event_key: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
}

/** Insert-or-ignore on the event key: a replayed transaction (or a second decision path) never doubles. */
export async function insertMessage(trx: Trx | Executor, row: MessageRow): Promise<boolean> {
  const r = await trx.insertInto('notifications').values(row).onConflict((oc) => oc.column('event_key').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertOutbox(trx: Trx | Executor, row: { plat_id: string; agent_id: number; event_key: string; kind: string; fields_json: string; link: string; next_at: string; created_at: string }) {
  await trx.insertInto('notification_outbox').values(row).onConflict((oc) => oc.column('event_key').doNothing()).execute();
}

export function listMessages(db: Executor, agentId: number, kinds: string[], limit: number, offset: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('kind', 'in', kinds)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMessages(db: Executor, agentId: number, kinds: string[]) {
  const r = await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('agent_id', '=', agentId).where('kind', 'in', kinds).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Unread messages of an agent by kind. */
export async function unreadByKind(db: Executor, agentId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['kind', (eb) => eb.fn.countAll().as('n')])
    .where('agent_id', '=', agentId)
    .where('read_at', 'is', null)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

export async function countUnread(db: Executor, agentId: number) {
  const r = await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('agent_id', '=', agentId).where('read_at', 'is', null).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function findOwnMessage(db: Executor, agentId: number, id: number) {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).where('agent_id', '=', agentId).executeTakeFirst();
}

export async function markRead(db: Executor, agentId: number, ids: number[] | 'all', kinds: string[], at: string) {
  let q = db.updateTable('notifications').set({ read_at: at }).where('agent_id', '=', agentId).where('read_at', 'is', null).where('kind', 'in', kinds);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- preferences ----

export function prefsOf(db: Executor, agentId: number) {
  return db.selectFrom('notification_prefs').select(['kind', 'wechat_on']).where('agent_id', '=', agentId).execute();
}

export async function savePref(db: Executor, agentId: number, kind: string, on: boolean) {
  await db
    .insertInto('notification_prefs')
    .values({ agent_id: agentId, kind, wechat_on: on ? 1 : 0 })
    .onConflict((oc) => oc.columns(['agent_id', 'kind']).doUpdateSet({ wechat_on: on ? 1 : 0 }))
    .execute();
}

// ---- templates ----

export function templatesOf(db: Executor, platId: string) {
  return db.selectFrom('notification_templates').selectAll().where('plat_id', '=', platId).execute();
}

export async function replaceTemplate(trx: Trx, platId: string, kind: string, templateId: string, fieldsJson: string) {
  await trx
    .insertInto('notification_templates')
    .values({ plat_id: platId, kind, template_id: templateId, fields_json: fieldsJson })
    .onConflict((oc) => oc.columns(['plat_id', 'kind']).doUpdateSet({ template_id: templateId, fields_json: fieldsJson }))
    .execute();
}

// ---- the outbox ----

/** Candidates for a claim: pending, due, not leased by a live run. */
export function dueOutbox(db: Executor, nowIso: string, limit: number) {
  return db
    .selectFrom('notification_outbox')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', nowIso)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', nowIso)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Compare-and-set: exactly one run leases a row (ADR 0037); the lease token proves it when marking. */
export async function leaseOutbox(db: Executor, id: number, nowIso: string, untilIso: string, token: string) {
  const r = await db
    .updateTable('notification_outbox')
    .set({ leased_until: untilIso, lease_token: token })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('next_at', '<=', nowIso)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', nowIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function outboxRow(db: Executor, id: number) {
  return db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Ends or moves a leased row, only while this run still holds its lease. */
export async function settleOutbox(
  db: Executor,
  id: number,
  token: string,
  patch: { state: string; attempts?: number; next_at?: string; last_error?: string; sent_at?: string | null },
) {
  const r = await db
    .updateTable('notification_outbox')
    .set({ ...patch, leased_until: null, lease_token: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function agentForSend(db: Executor, agentId: number) {
  return db.selectFrom('agents').select(['open_id']).where('id', '=', agentId).executeTakeFirst();
}

export async function wechatOn(db: Executor, agentId: number, kind: string) {
  const r = await db.selectFrom('notification_prefs').select('wechat_on').where('agent_id', '=', agentId).where('kind', '=', kind).executeTakeFirst();
  return r ? r.wechat_on === 1 : true;
}

export function deadLetters(db: Executor, platId: string, limit: number) {
  return db
    .selectFrom('notification_outbox as o')
    .leftJoin('agents as a', 'a.id', 'o.agent_id')
    .leftJoin('notifications as n', 'n.event_key', 'o.event_key')
    .select(['o.id', 'o.agent_id', 'o.kind', 'o.attempts', 'o.last_error', 'o.created_at', 'a.agent_name', 'a.phone', 'n.title'])
    .where('o.plat_id', '=', platId)
    .where('o.state', '=', 'dead')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** A dead letter back in the queue, due now, with its attempts counted afresh; compare-and-set on 'dead'. */
export async function requeueDead(trx: Trx, platId: string, id: number, nowIso: string) {
  const r = await trx
    .updateTable('notification_outbox')
    .set({ state: 'pending', attempts: 0, next_at: nowIso, leased_until: null, lease_token: null })
    .where('id', '=', id)
    .where('plat_id', '=', platId)
    .where('state', '=', 'dead')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function outboxOfPlatform(db: Executor, platId: string, id: number) {
  return db.selectFrom('notification_outbox').selectAll().where('id', '=', id).where('plat_id', '=', platId).executeTakeFirst();
}

/** Outbox rows and in-app messages created since `fromIso`, with their state, for the daily counts. */
export function outboxSince(db: Executor, platId: string, fromIso: string) {
  return db.selectFrom('notification_outbox').select(['created_at', 'state']).where('plat_id', '=', platId).where('created_at', '>=', fromIso).execute();
}
export function messagesSince(db: Executor, platId: string, fromIso: string) {
  return db.selectFrom('notifications').select(['created_at']).where('plat_id', '=', platId).where('created_at', '>=', fromIso).execute();
}

/** The agents an announcement reaches: the platform's, or one grade's. */
export function announcementAgents(db: Executor, platId: string, gradeId: number | null) {
  let q = db.selectFrom('agents').select('id').where('plat_id', '=', platId);
  if (gradeId !== null) q = q.where('grade_id', '=', gradeId);
  return q.execute();
}

export function gradeOfPlatform(db: Executor, platId: string, gradeId: number) {
  return db.selectFrom('grades').select(['id', 'grade_name']).where('plat_id', '=', platId).where('id', '=', gradeId).executeTakeFirst();
}

// ---- the shared access token ----

export function readToken(db: Executor, appId: string) {
  return db.selectFrom('wechat_access_tokens').selectAll().where('app_id', '=', appId).executeTakeFirst();
}

/** One process takes the refresh lease while the token is still the one it saw and no live lease is held. */
export async function claimTokenRefresh(db: Executor, appId: string, seen: string, nowIso: string, untilIso: string) {
  await db.insertInto('wechat_access_tokens').values({ app_id: appId, token: '', expires_at: '' }).onConflict((oc) => oc.column('app_id').doNothing()).execute();
  const r = await db
    .updateTable('wechat_access_tokens')
    .set({ refresh_until: untilIso })
    .where('app_id', '=', appId)
    .where('token', '=', seen)
    .where((eb) => eb.or([eb('refresh_until', 'is', null), eb('refresh_until', '<', nowIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function saveToken(db: Executor, appId: string, token: string, expiresIso: string) {
  await db.updateTable('wechat_access_tokens').set({ token, expires_at: expiresIso, refresh_until: null }).where('app_id', '=', appId).execute();
}


// ---- announcements in batches (ADR 0043) ----

/** How many agents an announcement reaches now, and the highest agent id among them. */
export async function announcementReach(db: Executor, platId: string, gradeId: number | null) {
  let q = db.selectFrom('agents').select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('top')]).where('plat_id', '=', platId);
  if (gradeId !== null) q = q.where('grade_id', '=', gradeId);
  const r = await q.executeTakeFirst();
  return { total: Number(r?.n ?? 0), until: Number(r?.top ?? 0) };
}

export async function insertAnnouncement(
  trx: Trx,
  row: { plat_id: string; title: string; body: string; grade_id: number | null; scope_text: string; total: number; until_agent_id: number; staff_id: number; staff_name: string; created_at: string },
) {
  const r = await trx.insertInto('announcements').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export function announcementsOf(db: Executor, platId: string, limit: number) {
  return db.selectFrom('announcements').selectAll().where('plat_id', '=', platId).orderBy('id', 'desc').limit(limit).execute();
}

/** Announcements still fanning out whose lease is free (none held, or its holder died). */
export function sendingAnnouncements(db: Executor, nowIso: string, limit: number) {
  return db
    .selectFrom('announcements')
    .select('id')
    .where('state', '=', 'sending')
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', nowIso)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Compare-and-set: one run at a time fans an announcement out; the token proves it at each batch. */
export async function leaseAnnouncement(db: Executor, id: number, nowIso: string, untilIso: string, token: string) {
  const r = await db
    .updateTable('announcements')
    .set({ leased_until: untilIso, lease_token: token })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', nowIso)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function announcementById(db: Executor, id: number) {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The next agents of an announcement after `afterId`, in id order. */
export function announcementBatch(db: Executor, a: { plat_id: string; grade_id: number | null; until_agent_id: number }, afterId: number, limit: number) {
  let q = db.selectFrom('agents').select('id').where('plat_id', '=', a.plat_id).where('id', '>', afterId).where('id', '<=', a.until_agent_id);
  if (a.grade_id !== null) q = q.where('grade_id', '=', a.grade_id);
  return q.orderBy('id').limit(limit).execute();
}

/**
 * Records a batch written (compare-and-set on the lease token and the position it started from, so two runs never
 * both advance); `done` ends the fan-out and frees the lease.
 */
export async function advanceAnnouncement(
  trx: Trx,
  id: number,
  token: string,
  from: number,
  patch: { last_agent_id: number; added: number; leased_until: string | null; done: boolean; at: string },
) {
  const r = await trx
    .updateTable('announcements')
    .set((eb) => ({
      last_agent_id: patch.last_agent_id,
      sent: eb('sent', '+', patch.added),
      leased_until: patch.done ? null : patch.leased_until,
      lease_token: patch.done ? null : token,
      ...(patch.done ? { state: 'done', finished_at: patch.at } : {}),
    }))
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('last_agent_id', '=', from)
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
