import type { Executor } from '../../db/types.js';

export async function insertCode(
  db: Executor,
  row: { plat_id: string; phone: string; func_type: number; code_hash: string; created_at: string; expires_at: string },
) {
  await db.insertInto('sms_codes').values({ ...row, attempts: 0, used_at: null }).execute();
}

/** The newest code sent to a phone of a platform for one purpose; earlier ones no longer count. */
export async function latestCode(db: Executor, platId: string, phone: string, funcType: number) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('plat_id', '=', platId)
    .where('phone', '=', phone)
    .where('func_type', '=', funcType)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes one try of a live code (unused, unexpired, tries left) in one statement; false when there is none. */
export async function takeTry(db: Executor, id: number, now: string, maxTries: number): Promise<boolean> {
  const res = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Single use: only one caller can mark the code used. */
export async function markUsed(db: Executor, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
