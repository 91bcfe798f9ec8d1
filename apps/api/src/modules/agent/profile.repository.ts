import type { Executor, Trx } from '../../db/types.js';

/** The profile of one agent (spec 3 §3 Profile), with the hashes its services compare; never answered as is. */
export function findProfile(db: Executor, agentId: number) {
  return db
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .select([
      'a.id',
      'a.plat_id',
      'a.agent_name',
      'a.phone',
      'a.created_at',
      'a.wx_number',
      'a.birth_date',
      'a.sex',
      'a.province_code',
      'a.city_code',
      'a.head_img_url',
      'a.password_hash',
      'a.pay_password_hash',
      'g.grade_name',
    ])
    .where('a.id', '=', agentId)
    .executeTakeFirst();
}

export function phoneOwner(db: Executor, platId: string, phone: string) {
  return db.selectFrom('agents').select('id').where('plat_id', '=', platId).where('phone', '=', phone).executeTakeFirst();
}

export async function updateProfile(
  trx: Trx,
  agentId: number,
  p: {
    agent_name: string;
    phone: string;
    wx_number: string;
    birth_date: string;
    sex: number;
    province_code: string;
    city_code: string;
    head_img_url: string;
  },
) {
  await trx.updateTable('agents').set(p).where('id', '=', agentId).execute();
}

export async function setLoginPasswordHash(trx: Trx, agentId: number, hash: string) {
  // The agent's own choice: a staff reset's one-time password is replaced (ADR 0024).
  await trx.updateTable('agents').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', agentId).execute();
}

export async function setPayPasswordHash(db: Executor, agentId: number, hash: string) {
  await db.updateTable('agents').set({ pay_password_hash: hash }).where('id', '=', agentId).execute();
}

/** Sets the first payment password only while none is set (two parallel first settings: one wins). */
export async function setFirstPayPasswordHash(db: Executor, agentId: number, hash: string): Promise<boolean> {
  const r = await db.updateTable('agents').set({ pay_password_hash: hash }).where('id', '=', agentId).where('pay_password_hash', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** True when some agent shows this avatar path (avatars are public: the rankings show them to everyone). */
export async function isAvatar(db: Executor, path: string): Promise<boolean> {
  return !!(await db.selectFrom('agents').select('id').where('head_img_url', '=', path).limit(1).executeTakeFirst());
}
