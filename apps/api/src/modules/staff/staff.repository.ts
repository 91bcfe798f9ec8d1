import type { Selectable } from 'kysely';
import type { ReceiptRecordTable } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';

export type ReceiptRow = Selectable<ReceiptRecordTable>;

// ---- staff and their sessions (staff_sessions: never the agents' table) ----

export function findStaffByUsername(db: Executor, platId: string, username: string) {
  return db.selectFrom('staff').selectAll().where('plat_id', '=', platId).where('username', '=', username).executeTakeFirst();
}

export function findStaffById(db: Executor, staffId: number) {
  return db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirst();
}

export async function insertStaffSession(db: Executor, row: { token_hash: string; staff_id: number; created_at: string; expires_at: string }) {
  await db.insertInto('staff_sessions').values({ ...row, revoked_at: null }).execute();
}

/** The session with its staff member's platform and role (read at every resolve, so a role change counts). */
export function findStaffSession(db: Executor, tokenHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff_sessions.staff_id', 'staff_sessions.expires_at', 'staff_sessions.revoked_at', 'staff.plat_id', 'staff.role'])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeStaffSession(db: Executor, tokenHash: string, now: string) {
  await db.updateTable('staff_sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

// ---- orders as the platform's staff sees them (scoped by platform, not by agent) ----

export function findOrderOfPlatform(db: Executor, platId: string, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('plat_id', '=', platId).executeTakeFirst();
}

export async function countInState(db: Executor, platId: string, state: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plat_id', '=', platId)
    .where('circulation_state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Oldest first: the review queue is worked from its front. */
export function pageInState(db: Executor, platId: string, state: number, limit: number, offset: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('circulation_state', '=', state)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function receiptsOfOrders(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('receipt_records').selectAll().where('order_id', 'in', orderIds).orderBy('id', 'desc').execute();
}
