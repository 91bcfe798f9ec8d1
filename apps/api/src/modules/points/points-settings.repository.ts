import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): the point setting and the sign-in setting. */
export async function read(db: Executor, platId: string) {
  const [point, sign] = await Promise.all([
    db.selectFrom('point_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
    db.selectFrom('sign_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
  ]);
  return { point, sign };
}

export async function save(
  trx: Trx,
  platId: string,
  point: { point_change: number; state: number; sign_state: number; charge_money: number; charge_get_point: number },
  sign: { is_continuity_sign: number; continuity_num: number; fixed_integral: number; continuity_integral: number },
) {
  const p = await trx.updateTable('point_settings').set(point).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(p.numUpdatedRows) === 0) await trx.insertInto('point_settings').values({ plat_id: platId, ...point }).execute();
  const s = await trx.updateTable('sign_settings').set(sign).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(s.numUpdatedRows) === 0) await trx.insertInto('sign_settings').values({ plat_id: platId, ...sign }).execute();
}
