import { fenToYuan } from '@shop/contract';
import type { Trx } from '../types.js';

/**
 * Demo data for first top-up, upgrade and deposit (ADR 0017): upgrade rules per grade (a one-time
 * restock for each higher grade, a recruit rule for 银卡), top-ups by WeChat switched on, and 3000.00 of total score
 * for 13800000003 so the deposit (银卡 rule 1000.00) can be paid by balance. The grades' deposit rule amounts are
 * grades.bond_money (demo-data.ts).
 */
export async function seedUpgradeBond(trx: Trx, platId: string, gradeIds: number[], now: string): Promise<void> {
  const grades = await trx.selectFrom('grades').selectAll().where('id', 'in', gradeIds).orderBy('grade_level').execute();
  let sort = 0;
  for (const g of grades.slice(1)) {
    sort += 1;
    await trx
      .insertInto('upgrade_rules')
      .values({
        plat_id: platId,
        grade_id: Number(g.id),
        single_money: g.first_recharge_money,
        rule_str: `一次性进货${fenToYuan(g.first_recharge_money)}元`,
        success_rule_str: `一次性进货${fenToYuan(g.first_recharge_money)}元，审核通过后升级为${g.grade_name}`,
        sort,
      })
      .execute();
  }
  if (grades[1]) {
    await trx
      .insertInto('upgrade_rules')
      .values({ plat_id: platId, grade_id: Number(grades[1].id), single_money: null, recruit_count: 3, rule_str: '直推3位已充值代理', success_rule_str: '直推3位已充值代理，审核通过后升级', sort: 99 })
      .execute();
  }
  await trx.insertInto('recharge_settings').values({ plat_id: platId, recharge_state: 1, loan_recharge_state: 1 }).execute();

  const wang = await trx.selectFrom('agents').select(['id', 'lave_income']).where('plat_id', '=', platId).where('phone', '=', '13800000003').executeTakeFirst();
  if (wang) {
    const amount = 300_000;
    const after = wang.lave_income + amount;
    await trx.updateTable('agents').set({ lave_income: after }).where('id', '=', Number(wang.id)).execute();
    await trx
      .insertInto('account_changes')
      .values({ plat_id: platId, agent_id: Number(wang.id), account: 'income', amount, balance_after: after, change_state: 11, order_code: null, remark: '期初余额', created_at: now })
      .execute();
  }
}
