import type { Executor, Trx } from '../../db/types.js';

/** The console's settings (ADR 0022): upgrade rules per grade and the WeChat top-up flags. */
export async function read(db: Executor, platId: string) {
  const [upgradeRules, recharge] = await Promise.all([
    db.selectFrom('upgrade_rules').selectAll().where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('recharge_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
  ]);
  return { upgradeRules, recharge };
}

/** Replaces a grade's upgrade rules: kept ids are updated, others deleted, new ones inserted (in the given order). */
export async function replaceRules(
  trx: Trx,
  platId: string,
  gradeId: number,
  rules: { id?: number | null; rule_str: string; single_money: number | null; recruit_count: number }[],
) {
  const kept = rules.map((r) => r.id).filter((id): id is number => !!id);
  let del = trx.deleteFrom('upgrade_rules').where('plat_id', '=', platId).where('grade_id', '=', gradeId);
  if (kept.length) del = del.where('id', 'not in', kept);
  await del.execute();
  for (const [sort, r] of rules.entries()) {
    const values = { rule_str: r.rule_str, single_money: r.single_money, recruit_count: r.recruit_count, sort: sort + 1 };
    const updated = r.id
      ? await trx.updateTable('upgrade_rules').set(values).where('plat_id', '=', platId).where('grade_id', '=', gradeId).where('id', '=', r.id).executeTakeFirst()
      : undefined;
    if (!updated || Number(updated.numUpdatedRows) === 0) await trx.insertInto('upgrade_rules').values({ plat_id: platId, grade_id: gradeId, ...values }).execute();
  }
}

export async function saveRechargeFlags(trx: Trx, platId: string, v: { recharge_state: number; loan_recharge_state: number }) {
  const r = await trx.updateTable('recharge_settings').set(v).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('recharge_settings').values({ plat_id: platId, ...v }).execute();
}
