import type { Selectable } from 'kysely';
import type { ReceiptRecordTable, StaffTable } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';

export type ReceiptRow = Selectable<ReceiptRecordTable>;
export type StaffRow = Selectable<StaffTable>;

// ---- staff and their sessions (staff_sessions: never the agents' table) ----

export function findStaffByUsername(db: Executor, platId: string, username: string) {
  return db.selectFrom('staff').selectAll().where('plat_id', '=', platId).where('username', '=', username).executeTakeFirst();
}

export function findStaffById(db: Executor, staffId: number) {
  return db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirst();
}

export async function insertStaffSession(
  db: Executor,
  row: { token_hash: string; staff_id: number; created_at: string; expires_at: string; second_factor: number },
) {
  await db.insertInto('staff_sessions').values({ ...row, revoked_at: null }).execute();
}

/** Remembers the accepted TOTP step; false when another login took this step (or a later one) first. */
export async function acceptTotpStep(db: Executor, staffId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeSessionsOfStaff(db: Executor, staffId: number, now: string) {
  await db.updateTable('staff_sessions').set({ revoked_at: now }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
}

export async function setPendingTotp(db: Executor, staffId: number, secret: string) {
  await db.updateTable('staff').set({ totp_pending_secret: secret }).where('id', '=', staffId).execute();
}

/** Binds the pending secret it was confirmed with (not a newer one started meanwhile). */
export async function bindPendingTotp(db: Executor, staffId: number, secret: string, step: number): Promise<boolean> {
  const res = await db
    .updateTable('staff')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_pending_secret', '=', secret)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markSessionSecondFactor(db: Executor, tokenHash: string) {
  await db.updateTable('staff_sessions').set({ second_factor: 1 }).where('token_hash', '=', tokenHash).execute();
}

/** The session with its staff member's platform and role (read at every resolve, so a role change counts). */
export function findStaffSession(db: Executor, tokenHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.staff_id',
      'staff_sessions.expires_at',
      'staff_sessions.revoked_at',
      'staff_sessions.second_factor',
      'staff.plat_id',
      'staff.role',
      'staff.disabled_at',
    ])
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
