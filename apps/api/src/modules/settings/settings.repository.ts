import type { Executor, Trx } from '../../db/types.js';

/**
 * Headquarters' configuration rows, as the console reads and writes them (issue 12 item 2). The modules that apply a
 * setting (order, points, funds, payment, upgrade, agent) keep reading their rows themselves; only this module writes
 * them, each save inside the caller's transaction after its version moved (see bumpVersion).
 */

export async function readAll(db: Executor, platId: string) {
  const [grades, rules, agentSetting, point, sign, withdraw, order, payMethods, recharge, offlinePay, accounts, freight, income, rewards, versions] =
    await Promise.all([
      db.selectFrom('grades').selectAll().where('plat_id', '=', platId).orderBy('grade_level').execute(),
      db.selectFrom('upgrade_rules').selectAll().where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute(),
      db.selectFrom('agent_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('point_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('sign_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('withdraw_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('order_rules').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('pay_methods').selectAll().where('plat_id', '=', platId).orderBy('sort').orderBy('id').execute(),
      db.selectFrom('recharge_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('offline_pay_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('offline_accounts').selectAll().where('plat_id', '=', platId).orderBy('id').execute(),
      db.selectFrom('freight_rules').selectAll().where('plat_id', '=', platId).orderBy('province_code').execute(),
      db.selectFrom('income_settings').selectAll().where('plat_id', '=', platId).executeTakeFirst(),
      db.selectFrom('grade_income_rules').selectAll().where('plat_id', '=', platId).execute(),
      db.selectFrom('setting_versions').select(['setting_key', 'version']).where('plat_id', '=', platId).execute(),
    ]);
  return { grades, rules, agentSetting, point, sign, withdraw, order, payMethods, recharge, offlinePay, accounts, freight, income, rewards, versions };
}
export type SettingRows = Awaited<ReturnType<typeof readAll>>;

/**
 * Moves an area's version from `expected` one up; false when another save moved it first. The row is created at 0 the
 * first time (a conflict-free insert), so the first two saves of an area race on the same conditional update too.
 */
export async function bumpVersion(trx: Trx, platId: string, key: string, expected: number): Promise<boolean> {
  await trx
    .insertInto('setting_versions')
    .values({ plat_id: platId, setting_key: key, version: 0 })
    .onConflict((oc) => oc.columns(['plat_id', 'setting_key']).doNothing())
    .execute();
  const r = await trx
    .updateTable('setting_versions')
    .set({ version: expected + 1 })
    .where('plat_id', '=', platId)
    .where('setting_key', '=', key)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

type SingleRow = 'agent_settings' | 'point_settings' | 'sign_settings' | 'withdraw_rules' | 'order_rules' | 'recharge_settings' | 'offline_pay_settings' | 'income_settings';

/** Updates the platform's one row of a settings table, or inserts it when the platform has none yet. */
export async function upsertSingle(trx: Trx, table: SingleRow, platId: string, values: Record<string, string | number>) {
  const t = table as 'order_rules';
  const r = await trx.updateTable(t).set(values).where('plat_id', '=', platId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto(t).values({ plat_id: platId, ...values } as never).execute();
}

export async function updateGrade(trx: Trx, platId: string, id: number, v: { grade_name: string; first_recharge_money: number; bond_money: number }) {
  const r = await trx.updateTable('grades').set(v).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Replaces a grade's upgrade rules: kept ids are updated, others deleted, new ones inserted (in the given order). */
export async function replaceUpgradeRules(
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

export async function replacePayMethods(trx: Trx, platId: string, methods: { type: number; is_enable: number; is_can_pay_postage: number; sort: number }[]) {
  await trx.deleteFrom('pay_methods').where('plat_id', '=', platId).execute();
  if (methods.length) await trx.insertInto('pay_methods').values(methods.map((m) => ({ plat_id: platId, ...m }))).execute();
}

export async function replaceOfflineAccounts(
  trx: Trx,
  platId: string,
  accounts: { id?: number | null; account_classify: number; bank_dic_name: string; sub_bank_name: string; account_name: string; account_number: string; qr_code_img_url: string; is_default: number }[],
) {
  const kept = accounts.map((a) => a.id).filter((id): id is number => !!id);
  let del = trx.deleteFrom('offline_accounts').where('plat_id', '=', platId);
  if (kept.length) del = del.where('id', 'not in', kept);
  await del.execute();
  for (const { id, ...values } of accounts) {
    const updated = id ? await trx.updateTable('offline_accounts').set(values).where('plat_id', '=', platId).where('id', '=', id).executeTakeFirst() : undefined;
    if (!updated || Number(updated.numUpdatedRows) === 0) await trx.insertInto('offline_accounts').values({ plat_id: platId, ...values }).execute();
  }
}

export async function replaceFreight(
  trx: Trx,
  platId: string,
  rules: { province_code: string; first_weight: number; first_fee: number; extra_weight: number; extra_fee: number }[],
) {
  await trx.deleteFrom('freight_rules').where('plat_id', '=', platId).execute();
  await trx.insertInto('freight_rules').values(rules.map((r) => ({ plat_id: platId, ...r }))).execute();
}

export async function replaceGradeRewards(trx: Trx, platId: string, rewards: { grade_id: number; recruit_reward: number }[]) {
  await trx.deleteFrom('grade_income_rules').where('plat_id', '=', platId).execute();
  if (rewards.length) await trx.insertInto('grade_income_rules').values(rewards.map((r) => ({ plat_id: platId, ...r }))).execute();
}
