import type { Trx } from '../types.js';

/** Demo funds data (ADR 0017), listed in the README. */
export const DEMO_WITHDRAW_BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行', '中国邮政储蓄银行'];
/** Minimum 100.00, multiples of 100.00, fee 0.6 %. */
export const DEMO_WITHDRAW_RULE = { minFen: 10_000, baseFen: 10_000, ppm: 6000 };
/** Income is released 7 days after the order is received; recruitment rewards by the new agent's grade (fen). */
export const DEMO_INCOME = { releaseDays: 7, recruitRewardFen: [10_000, 30_000, 80_000, 150_000] };
/** 13800000001's frozen goods fund: 500.00 thawable now, 300.00 thawable in 30 days. */
export const DEMO_FROZEN = { phone: '13800000001', dueFen: 50_000, laterFen: 30_000, laterDays: 30 };

export async function seedFunds(trx: Trx, platId: string, gradeIds: readonly number[], now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('withdraw_banks')
    .values(DEMO_WITHDRAW_BANKS.map((bank_name, i) => ({ plat_id: platId, bank_name, sort: i })))
    .execute();
  await trx
    .insertInto('withdraw_rules')
    .values({ plat_id: platId, is_all_withdraw: 1, min_withdraw_money: DEMO_WITHDRAW_RULE.minFen, base_money: DEMO_WITHDRAW_RULE.baseFen, service_charge_ppm: DEMO_WITHDRAW_RULE.ppm, is_can_ts: 0, ts_msg: '' })
    .execute();
  await trx.insertInto('income_settings').values({ plat_id: platId, release_days: DEMO_INCOME.releaseDays }).execute();
  const rules = gradeIds.map((grade_id, i) => ({ grade_id, plat_id: platId, recruit_reward: DEMO_INCOME.recruitRewardFen[i] ?? 0 }));
  if (rules.length > 0) await trx.insertInto('grade_income_rules').values(rules).execute();

  const agent = await trx.selectFrom('agents').select(['id', 'agent_name']).where('plat_id', '=', platId).where('phone', '=', DEMO_FROZEN.phone).executeTakeFirst();
  if (!agent) return;
  const agentId = Number(agent.id);
  const bank = await trx.selectFrom('withdraw_banks').select(['id', 'bank_name']).where('plat_id', '=', platId).orderBy('sort').executeTakeFirstOrThrow();
  await trx
    .insertInto('collection_accounts')
    .values({
      plat_id: platId,
      agent_id: agentId,
      bank_dic_id: Number(bank.id),
      bank_dic_name: bank.bank_name,
      sub_bank_name: '深圳南山支行',
      account_name: agent.agent_name,
      account_number: '6222021234567890123',
      is_default: 1,
      created_at: at,
    })
    .execute();
  // Opening frozen balance: ledger records (11) equal to the two records, the goods fund itself untouched.
  const day = 24 * 60 * 60 * 1000;
  const frozen = [
    { amount: DEMO_FROZEN.dueFen, release: new Date(Math.min(now.getTime() - day, Date.UTC(2026, 0, 1))), remark: '首充冻结（已到期）' },
    { amount: DEMO_FROZEN.laterFen, release: new Date(now.getTime() + DEMO_FROZEN.laterDays * day), remark: '首充冻结' },
  ];
  let balance = 0;
  for (const f of frozen) {
    balance += f.amount;
    await trx
      .insertInto('frozen_records')
      .values({ plat_id: platId, agent_id: agentId, frozen_money: f.amount, release_at: f.release.toISOString(), remark: f.remark, created_by: 'seed', created_at: at })
      .execute();
    await trx
      .insertInto('account_changes')
      .values({ plat_id: platId, agent_id: agentId, account: 'frozen', amount: f.amount, balance_after: balance, change_state: 11, order_code: null, remark: '期初冻结货款', created_at: at })
      .execute();
  }
  await trx.updateTable('agents').set({ frozen_store: balance }).where('id', '=', agentId).execute();
}
