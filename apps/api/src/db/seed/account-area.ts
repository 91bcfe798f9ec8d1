import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** Sign-in: 5 points a day, a 7-day streak earns 20 more on its last day (README demo data). */
export const DEMO_SIGN_SETTING = { isContinuitySign: 1, continuityNum: 7, fixedIntegral: 5, continuityIntegral: 20 };

/** Points spent by the demo agents (exchange 22, offset 23), so the sign-in rankings show something. */
const DEMO_SPENT = [
  { phone: '13800000001', amount: 300, changeState: 22, remark: '积分兑换', daysAgo: 40 },
  { phone: '13800000001', amount: 120, changeState: 23, remark: '积分抵扣', daysAgo: 1 },
];

/** Demo data of the account area (spec 3 §2): sign-in setting and some points history. Ledger rows keep balances true. */
export async function seedAccountArea(trx: Transaction<Database>, platId: string, now: Date): Promise<void> {
  await trx
    .insertInto('sign_settings')
    .values({
      plat_id: platId,
      is_continuity_sign: DEMO_SIGN_SETTING.isContinuitySign,
      continuity_num: DEMO_SIGN_SETTING.continuityNum,
      fixed_integral: DEMO_SIGN_SETTING.fixedIntegral,
      continuity_integral: DEMO_SIGN_SETTING.continuityIntegral,
      bg_image: '',
    })
    .execute();
  for (const s of DEMO_SPENT) {
    const agent = await trx.selectFrom('agents').select(['id', 'lave_integral']).where('plat_id', '=', platId).where('phone', '=', s.phone).executeTakeFirst();
    if (!agent || agent.lave_integral < s.amount) continue;
    const after = agent.lave_integral - s.amount;
    await trx.updateTable('agents').set({ lave_integral: after }).where('id', '=', agent.id).execute();
    await trx
      .insertInto('account_changes')
      .values({
        plat_id: platId,
        agent_id: agent.id,
        account: 'integral',
        amount: -s.amount,
        balance_after: after,
        change_state: s.changeState,
        order_code: null,
        remark: s.remark,
        created_at: new Date(now.getTime() - s.daysAgo * 86_400_000).toISOString(),
      })
      .execute();
  }
}
