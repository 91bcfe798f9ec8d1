import { sql } from 'kysely';
import type { Executor } from '../../db/types.js';
import type { ChatMessageTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type ChatMessageRow = Selectable<ChatMessageTable>;

export function findSettings(db: Executor, platId: string) {
  return db.selectFrom('chat_settings').select(['greetings', 'head_img']).where('plat_id', '=', platId).executeTakeFirst();
}

export function findOpenConversation(db: Executor, agentId: number) {
  return db.selectFrom('chat_conversations').selectAll().where('agent_id', '=', agentId).where('state', '=', 1).executeTakeFirst();
}

export function findConversation(db: Executor, platId: string, chatId: number) {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', chatId).where('plat_id', '=', platId).executeTakeFirst();
}

/** A new open conversation; nothing when one is already open (the partial unique index decides a race). */
export async function insertConversation(db: Executor, row: { plat_id: string; agent_id: number; agent_name: string; created_at: string }) {
  await db.insertInto('chat_conversations').values(row).onConflict((oc) => oc.doNothing()).execute();
}

/** Compare-and-set: only an open conversation closes; true when this call closed it. */
export async function closeConversation(db: Executor, chatId: number, staffId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('chat_conversations')
    .set({ state: 0, closed_at: at, closed_by: staffId })
    .where('id', '=', chatId)
    .where('state', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores a message once per (agent, sender, client id): true when this call stored it. */
export async function insertMessage(db: Executor, row: Insertable<ChatMessageTable>): Promise<boolean> {
  const r = await db
    .insertInto('chat_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['agent_id', 'sender', 'client_msg_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findByClientId(db: Executor, agentId: number, sender: string, clientMsgId: string) {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('sender', '=', sender)
    .where('client_msg_id', '=', clientMsgId)
    .executeTakeFirstOrThrow();
}

/** One agent's messages before `beforeId`, newest first (all conversations of that agent). */
export function agentHistory(db: Executor, agentId: number, beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('chat_messages').selectAll().where('agent_id', '=', agentId);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export function conversationMessages(db: Executor, chatId: number, limit: number) {
  return db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).orderBy('id', 'desc').limit(limit).execute();
}

/** The agent's messages of a conversation count as read by service. */
export async function markRead(db: Executor, chatId: number) {
  await db.updateTable('chat_messages').set({ is_reply: 1 }).where('chat_id', '=', chatId).where('send_type', '=', 0).where('is_reply', '=', 0).execute();
}

/** The open conversations of a platform with their unread counts and last message. */
export function openConversations(db: Executor, platId: string) {
  return db
    .selectFrom('chat_conversations as c')
    .select((eb) => [
      'c.id',
      'c.agent_id',
      'c.agent_name',
      'c.created_at',
      eb
        .selectFrom('chat_messages as m')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.send_type', '=', 0)
        .where('m.is_reply', '=', 0)
        .as('unread'),
      eb.selectFrom('chat_messages as m').select('m.id').whereRef('m.chat_id', '=', 'c.id').orderBy('m.id', 'desc').limit(1).as('last_id'),
    ])
    .where('c.plat_id', '=', platId)
    .where('c.state', '=', 1)
    .orderBy('c.id', 'desc')
    .execute();
}

export function findMessagesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as ChatMessageRow[]);
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute();
}

// ---- staff presence (any process may ask whether service is online) ----

export async function touchPresence(db: Executor, row: { instance_id: string; staff_id: number; plat_id: string; seen_at: string }) {
  await db
    .insertInto('chat_staff_presence')
    .values(row)
    .onConflict((oc) => oc.columns(['instance_id', 'staff_id']).doUpdateSet({ seen_at: row.seen_at, plat_id: row.plat_id }))
    .execute();
}

export async function dropPresence(db: Executor, instanceId: string, staffId?: number) {
  let q = db.deleteFrom('chat_staff_presence').where('instance_id', '=', instanceId);
  if (staffId !== undefined) q = q.where('staff_id', '=', staffId);
  await q.execute();
}

export async function anyStaffSeenSince(db: Executor, platId: string, since: string): Promise<boolean> {
  const row = await db.selectFrom('chat_staff_presence').select('staff_id').where('plat_id', '=', platId).where('seen_at', '>', since).limit(1).executeTakeFirst();
  return !!row;
}

// ---- agent presence and the away message (ADR 0043) ----

/** This process holds `sockets` chat sockets of the agent now (0 removes its row). */
export async function touchAgentPresence(db: Executor, row: { instance_id: string; agent_id: number; plat_id: string; sockets: number; seen_at: string }) {
  if (row.sockets <= 0) {
    await db.deleteFrom('chat_agent_presence').where('instance_id', '=', row.instance_id).where('agent_id', '=', row.agent_id).execute();
    return;
  }
  await db
    .insertInto('chat_agent_presence')
    .values(row)
    .onConflict((oc) => oc.columns(['instance_id', 'agent_id']).doUpdateSet({ sockets: row.sockets, seen_at: row.seen_at, plat_id: row.plat_id }))
    .execute();
}

export async function dropAgentPresence(db: Executor, instanceId: string) {
  await db.deleteFrom('chat_agent_presence').where('instance_id', '=', instanceId).execute();
}

/** Some process holds an open chat socket of the agent and beat since `since` (a dead process's row goes stale). */
export async function agentSeenSince(db: Executor, agentId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('chat_agent_presence')
    .select('agent_id')
    .where('agent_id', '=', agentId)
    .where('sockets', '>', 0)
    .where('seen_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Compare-and-set: the conversation may tell its away agent now (never told since the agent last opened the chat, or
 * told before `quietBefore`); the winner gets the episode number, a concurrent reply gets null.
 */
export async function claimAwayNotice(db: Executor, chatId: number, at: string, quietBefore: string): Promise<number | null> {
  const r = await db
    .updateTable('chat_conversations')
    .set((eb) => ({ away_notice_at: at, away_notices: eb('away_notices', '+', 1) }))
    .where('id', '=', chatId)
    .where((eb) => eb.or([eb('away_notice_at', 'is', null), eb('away_notice_at', '<', quietBefore)]))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('chat_conversations').select('away_notices').where('id', '=', chatId).executeTakeFirstOrThrow();
  return Number(row.away_notices);
}

/** The agent opened the chat: the next reply while away tells them again. */
export async function clearAwayNotice(db: Executor, agentId: number) {
  await db.updateTable('chat_conversations').set({ away_notice_at: null }).where('agent_id', '=', agentId).where('away_notice_at', 'is not', null).execute();
}

/** PostgreSQL only: announces a stored change to every process listening on the channel. */
export async function notify(db: Executor, channel: string, payload: string) {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
