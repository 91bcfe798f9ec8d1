import type { Executor } from '../../db/types.js';

/** Consumers of the agents' stores and their sessions (ADR 0038). */

export async function findOrCreateConsumer(db: Executor, platId: string, openId: string, at: string) {
  await db
    .insertInto('consumers')
    .values({ plat_id: platId, open_id: openId, phone: null, phone_confirmed_at: null, created_at: at })
    .onConflict((oc) => oc.columns(['plat_id', 'open_id']).doNothing())
    .execute();
  return db.selectFrom('consumers').selectAll().where('plat_id', '=', platId).where('open_id', '=', openId).executeTakeFirstOrThrow();
}

export function findConsumer(db: Executor, id: number) {
  return db.selectFrom('consumers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSession(db: Executor, row: { token_hash: string; consumer_id: number; created_at: string; expires_at: string }) {
  await db.insertInto('consumer_sessions').values(row).execute();
}

export function findSession(db: Executor, tokenHash: string) {
  return db
    .selectFrom('consumer_sessions as s')
    .innerJoin('consumers as c', 'c.id', 's.consumer_id')
    .select(['s.consumer_id', 's.expires_at', 'c.plat_id'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function confirmPhone(db: Executor, id: number, phone: string, at: string) {
  await db.updateTable('consumers').set({ phone, phone_confirmed_at: at }).where('id', '=', id).execute();
}
