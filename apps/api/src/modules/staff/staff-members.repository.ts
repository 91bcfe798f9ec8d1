import type { Updateable } from 'kysely';
import type { StaffTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

// ---- staff management by an admin (ADR 0020): staff rows only, never their sessions' tokens ----

export function findMember(db: Executor, platId: string, staffId: number) {
  return db.selectFrom('staff').selectAll().where('id', '=', staffId).where('plat_id', '=', platId).executeTakeFirst();
}

function listQuery(db: Executor, platId: string, f: { keyword: string | null; role: string | null }) {
  let q = db.selectFrom('staff').where('plat_id', '=', platId);
  if (f.role) q = q.where('role', '=', f.role);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('username', 'like', like), eb('display_name', 'like', like)]));
  }
  return q;
}

export async function pageMembers(db: Executor, platId: string, f: { keyword: string | null; role: string | null }, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    listQuery(db, platId, f).selectAll().orderBy('id').limit(limit).offset(offset).execute(),
    listQuery(db, platId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function usernameTaken(db: Executor, platId: string, username: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('staff').select('id').where('plat_id', '=', platId).where('username', '=', username);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Whether the platform has any staff member at all (the first start, ADR 0047). */
export async function hasAnyMember(db: Executor, platId: string): Promise<boolean> {
  return !!(await db.selectFrom('staff').select('id').where('plat_id', '=', platId).limit(1).executeTakeFirst());
}

export async function insertMember(
  trx: Trx,
  row: { plat_id: string; username: string; display_name: string; role: string; password_hash: string; created_at: string; disabled_at: string | null },
): Promise<number> {
  const res = await trx.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(res.id);
}

/**
 * The enabled admins of a platform, locked on PostgreSQL for the rest of the transaction (in id order, so two admins
 * editing each other cannot deadlock): two admins disabling each other at once cannot leave nobody. SQLite runs one
 * transaction at a time.
 */
export async function lockEnabledAdmins(trx: Trx, platId: string, postgres: boolean): Promise<number[]> {
  let q = trx.selectFrom('staff').select('id').where('plat_id', '=', platId).where('role', '=', 'admin').where('disabled_at', 'is', null).orderBy('id');
  if (postgres) q = q.forUpdate();
  return (await q.execute()).map((r) => Number(r.id));
}

/**
 * Compare-and-set on what the admin saw (role, name, username, disabled): a member changed by another admin
 * meanwhile is not overwritten. False when the row moved.
 */
export async function updateMember(
  trx: Trx,
  staffId: number,
  seen: { role: string; username: string; display_name: string; disabled_at: string | null; totp_secret: string | null },
  patch: Updateable<StaffTable>,
): Promise<boolean> {
  let q = trx
    .updateTable('staff')
    .set(patch)
    .where('id', '=', staffId)
    .where('role', '=', seen.role)
    .where('username', '=', seen.username)
    .where('display_name', '=', seen.display_name);
  q = seen.disabled_at === null ? q.where('disabled_at', 'is', null) : q.where('disabled_at', '=', seen.disabled_at);
  q = seen.totp_secret === null ? q.where('totp_secret', 'is', null) : q.where('totp_secret', '=', seen.totp_secret);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
