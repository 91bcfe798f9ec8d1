import type { Executor } from '../../db/types.js';

/** The staff login log (ADR 0033): one row per login attempt, written by the login path only; nothing updates it. */
export interface LoginLogRow {
  plat_id: string;
  staff_id: number | null;
  username: string;
  success: number;
  result: string;
  ip: string;
  user_agent: string;
  created_at: string;
}

export async function insertLoginLog(db: Executor, row: LoginLogRow) {
  await db.insertInto('staff_login_logs').values(row).execute();
}

export interface LoginLogFilters {
  username?: string | null;
  outcome?: 'ok' | 'failed' | null;
  ip?: string | null;
  fromUtc?: string | null;
  beforeUtc?: string | null;
}

function filtered(db: Executor, platId: string, f: LoginLogFilters) {
  let q = db.selectFrom('staff_login_logs as l').leftJoin('staff as s', 's.id', 'l.staff_id').where('l.plat_id', '=', platId);
  if (f.username) q = q.where('l.username', 'like', `%${f.username.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (f.outcome === 'ok') q = q.where('l.success', '=', 1);
  if (f.outcome === 'failed') q = q.where('l.success', '=', 0);
  if (f.ip) q = q.where('l.ip', '=', f.ip);
  if (f.fromUtc) q = q.where('l.created_at', '>=', f.fromUtc);
  if (f.beforeUtc) q = q.where('l.created_at', '<', f.beforeUtc);
  return q;
}

export async function countLoginLog(db: Executor, platId: string, f: LoginLogFilters): Promise<number> {
  const r = await filtered(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first, with the member's display name when the account exists. */
export function pageLoginLog(db: Executor, platId: string, f: LoginLogFilters, limit: number, offset: number) {
  return filtered(db, platId, f)
    .select(['l.id', 'l.username', 'l.success', 'l.result', 'l.ip', 'l.user_agent', 'l.created_at', 's.display_name'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A member's password, compare-and-set on the hash it was checked against (two changes at once: one wins). */
export async function replacePasswordHash(db: Executor, staffId: number, oldHash: string, newHash: string): Promise<boolean> {
  const res = await db.updateTable('staff').set({ password_hash: newHash }).where('id', '=', staffId).where('password_hash', '=', oldHash).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends every other open session of the member (the one asking stays); how many ended. */
export async function revokeOtherSessions(db: Executor, staffId: number, keepTokenHash: string, now: string): Promise<number> {
  const res = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
