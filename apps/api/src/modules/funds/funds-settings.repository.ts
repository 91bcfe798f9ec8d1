import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): the withdrawal rule, the income release days and the recruiting rewards. */
export async function read(db: Executor, platId: string) {
  const [withdraw, income, rewards] = await Promise.all([
    db.selectFrom('withdraw_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
    db.selectFrom('income_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
    db.selectFrom('grade_income_rules').selectAll().where('plat_id', '=', platId).execute(),
  ]);
  return { withdraw, income, rewards };
}

export async function saveWithdrawRule(
  trx: Trx,
  platId: string,
  v: { is_all_withdraw: number; min_withdraw_money: number; base_money: number; service_charge_ppm: number; is_can_ts: number; ts_msg: string },
) {
  const r = await trx.updateTable('withdraw_rules').set(v).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('withdraw_rules').values({ plat_id: platId, ...v }).execute();
}

export async function saveIncome(trx: Trx, platId: string, releaseDays: number, rewards: { grade_id: number; recruit_reward: number }[]) {
  const r = await trx.updateTable('income_settings').set({ release_days: releaseDays }).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('income_settings').values({ plat_id: platId, release_days: releaseDays }).execute();
  await trx.deleteFrom('grade_income_rules').where('plat_id', '=', platId).execute();
  if (rewards.length) await trx.insertInto('grade_income_rules').values(rewards.map((w) => ({ plat_id: platId, ...w }))).execute();
}
