import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): the grades and the registration setting, read and written by the settings flow. */
export async function read(db: Executor, platId: string) {
  const [grades, setting] = await Promise.all([
    db.selectFrom('grades').selectAll().where('plat_id', '=', platId).orderBy('grade_level').execute(),
    db.selectFrom('agent_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
  ]);
  return { grades, setting };
}

export async function updateGrade(trx: Trx, platId: string, id: number, v: { grade_name: string; first_recharge_money: number; bond_money: number }) {
  const r = await trx.updateTable('grades').set(v).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The grades open for registration and the agreement (one row per platform, created when missing). */
export async function saveSetting(trx: Trx, platId: string, v: Partial<{ level_ids: string; agreement_title: string; agreement_content: string }>) {
  const r = await trx.updateTable('agent_settings').set(v).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return;
  const blank = { level_ids: '', is_enable: 1, invitation_title: '', invitation_content: '', is_contain_name: 0, agreement_title: '', agreement_content: '' };
  await trx.insertInto('agent_settings').values({ plat_id: platId, ...blank, ...v }).execute();
}
