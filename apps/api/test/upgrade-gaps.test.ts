import { describe, expect, it } from 'vitest';
import {
  agentLevelUpApply,
  reviewRecharge,
  selAgentApiAccountInfo,
  selAgentUpgradeApplyInfo,
  storePrePay,
  submitApplicationsForPersonal,
} from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { reconcileWechatPayments } from '../src/modules/payment/payment.queries.js';
import { useTestApp } from './helpers/app.js';
import { agentRow, auditCount, changesOf, freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, HOUR, MINUTE } from './helpers/time.js';
import { depsOf, paymentRow, wechatOf } from './helpers/wechatpay-fixture.js';

/** Upgrades (ADR 0017), the gaps F2 left: the recruitment reward asserted, agentLevelUpApply, expiry of a WeChat top-up. */
const t = useTestApp();

const submit = (token: string, payload: Record<string, unknown>) => t.call(submitApplicationsForPersonal, payload, { token });
const rechargeRow = (id: number) => t.db.kysely.selectFrom('recharge_applies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const review = async (id: number, approve: boolean, reason = '') => staffCall(t, reviewRecharge, { id, approve, reason }, { staffToken: await staffLoginAs(t, 'caiwu') });
const award = async (token: string) => {
  const o = (await t.call(selAgentApiAccountInfo, {}, { token })).body.obj;
  return { frozen: o.allFrozenAwardMoney as string, income: o.laveIncome as string };
};

describe('recruitment reward (15) of an approved first top-up', () => {
  it.each([
    [0, '100.00', 10_000],
    [1, '300.00', 30_000],
  ])('grade %i: the inviter earns %s, frozen for 7 days after approval, released once by 5 parallel job runs', async (gradeIndex, yuan, fen) => {
    const inviter = await freshAgent(t, { status: 1 });
    const a = await freshAgent(t, { status: 0, gradeIndex, inviterPhone: inviter.phone, incomeFen: 5_000_000 });
    const first = (await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token })).body.obj.oldAgentGradeInfo.firstRechargeMoney;
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: first, payType: 3 });
    expect(r.body.errorType).toBe('SUCCESS');
    expect(await award(inviter.token)).toEqual({ frozen: '0.00', income: '0.00' });

    const replies = await Promise.all(Array.from({ length: 5 }, () => review(r.body.obj.id, true)));
    expect(replies.filter((x) => x.body.errorType === 'SUCCESS')).toHaveLength(1);
    const approvedAt = t.clock.now();
    expect(await award(inviter.token)).toEqual({ frozen: yuan, income: '0.00' });
    const income = await t.db.kysely.selectFrom('network_incomes').selectAll().where('source_code', '=', r.body.obj.rechargeCode).execute();
    expect(income.map((i) => [Number(i.agent_id), Number(i.from_agent_id), i.change_state, Number(i.amount), i.state])).toEqual([[inviter.agentId, a.agentId, 15, fen, 0]]);
    expect(new Date(income[0]!.release_at!).getTime()).toBe(approvedAt.getTime() + 7 * DAY);

    await Promise.all(Array.from({ length: 5 }, () => releaseIncome(t, new Date(approvedAt.getTime() + 7 * DAY - HOUR))));
    expect(await award(inviter.token)).toEqual({ frozen: yuan, income: '0.00' });
    await Promise.all(Array.from({ length: 5 }, () => releaseIncome(t, new Date(approvedAt.getTime() + 7 * DAY))));
    await releaseIncome(t, new Date(approvedAt.getTime() + 30 * DAY));
    expect(await award(inviter.token)).toEqual({ frozen: '0.00', income: yuan });
    expect(await changesOf(t, inviter.agentId, 'award', r.body.obj.rechargeCode)).toEqual([
      { amount: fen, change_state: 15 },
      { amount: -fen, change_state: 15 },
    ]);
    expect(await changesOf(t, inviter.agentId, 'income', r.body.obj.rechargeCode)).toEqual([{ amount: fen, change_state: 15 }]);
  });

  it('a rejected first top-up, or one without an inviter, rewards nobody', async () => {
    const inviter = await freshAgent(t, { status: 1 });
    const a = await freshAgent(t, { status: 0, inviterPhone: inviter.phone, incomeFen: 1_000_000 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 });
    expect((await review(r.body.obj.id, false, '资料不全')).body.obj.checkState).toBe(2);
    await releaseIncome(t, new Date(t.clock.now().getTime() + 30 * DAY));
    expect(await award(inviter.token)).toEqual({ frozen: '0.00', income: '0.00' });
    expect((await agentRow(t, a.agentId)).lave_income).toBe(1_000_000);
    const lone = await freshAgent(t, { status: 0, incomeFen: 1_000_000 });
    const r2 = await submit(lone.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 });
    expect((await review(r2.body.obj.id, true)).body.obj.checkState).toBe(1);
    expect(await t.db.kysely.selectFrom('network_incomes').select('id').where('source_code', 'in', [r.body.obj.rechargeCode, r2.body.obj.rechargeCode]).execute()).toEqual([]);
  });
});

describe('agentLevelUpApply (recruit rule of 银卡: 3 invited agents who have topped up)', () => {
  it('refused below the count, nothing written; with 3 active recruits it goes to review and approval sets the grade without money', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0, incomeFen: 100_000 });
    const silver = Number(a.grades[1]!.id);
    await freshAgent(t, { status: 1, inviterPhone: a.phone });
    await freshAgent(t, { status: 1, inviterPhone: a.phone });
    await freshAgent(t, { status: 0, inviterPhone: a.phone }); // not yet topped up: does not count
    const before = await agentRow(t, a.agentId);
    expect((await t.call(agentLevelUpApply, { newGradeId: silver }, { token: a.token })).body.msg).toBe('您暂不满足该等级的升级条件');
    expect((await t.call(agentLevelUpApply, {}, { token: a.token })).body.msg).toBe('请选择代理等级');
    expect((await t.call(agentLevelUpApply, { newGradeId: Number(a.grades[0]!.id) }, { token: a.token })).body.msg).toBe('只能升级到更高的代理等级');
    expect(await t.db.kysely.selectFrom('recharge_applies').select('id').where('agent_id', '=', a.agentId).execute()).toEqual([]);

    await freshAgent(t, { status: 1, inviterPhone: a.phone });
    const replies = await Promise.all(Array.from({ length: 3 }, () => t.call(agentLevelUpApply, { agentUpgradeApplyInfoBo: { newGradeId: silver } }, { token: a.token })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === '您有正在审核中的申请，请等待审核结果')).toHaveLength(2);
    const r = replies.find((x) => x.body.errorType === 'SUCCESS')!;
    expect(r.body.obj).toMatchObject({ checkState: 0, rechargeMoney: '0.00' });
    expect((await t.call(selAgentUpgradeApplyInfo, {}, { token: a.token })).body.obj.status.rechargeCheckState).toBe(0);

    expect((await review(r.body.obj.id, true)).body.obj.checkState).toBe(1);
    const after = await agentRow(t, a.agentId);
    expect(Number(after.grade_id)).toBe(silver);
    expect([after.last_store, after.lave_income, after.agent_status]).toEqual([before.last_store, before.lave_income, 1]);
    expect(await changesOf(t, a.agentId, 'store', r.body.obj.rechargeCode)).toEqual([]);
    expect(await auditCount(t, 'upgrade', r.body.obj.id)).toBe(1);
  });
});

describe('identity: agentId in the payload is ignored', () => {
  it('a top-up naming another agent is the caller\'s own; the other agent is untouched', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 200_000 });
    const b = await freshAgent(t, { status: 0, incomeFen: 200_000 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3, agentId: b.agentId });
    expect(r.body.errorType).toBe('SUCCESS');
    expect(Number((await rechargeRow(r.body.obj.id)).agent_id)).toBe(a.agentId);
    expect([(await agentRow(t, a.agentId)).lave_income, (await agentRow(t, b.agentId)).lave_income]).toEqual([100_000, 200_000]);
    expect((await t.call(selAgentUpgradeApplyInfo, { agentId: a.agentId }, { token: b.token })).body.obj.status.rechargeCheckState).toBe(99);
  });
});

describe('an unpaid WeChat top-up expires (reconcile job)', () => {
  it('the application is cancelled once (parallel runs), nothing was held, and the agent can apply and pay again', async () => {
    const a = await freshAgent(t, { status: 0, incomeFen: 50_000 });
    const r = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 2 });
    const pre = await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token });
    expect(pre.body.errorType).toBe('SUCCESS');
    t.clock.advance(16 * MINUTE);
    const run = () => reconcileWechatPayments(depsOf(t), t.clock.now(), wechatOf(t));
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((n, x) => n + x.abandoned, 0)).toBe(1);
    expect((await rechargeRow(r.body.obj.id)).check_state).toBe(3);
    expect((await paymentRow(t, pre.body.obj.outTradeNo)).state).toBe(2);
    expect((await agentRow(t, a.agentId)).lave_income).toBe(50_000);
    expect(await changesOf(t, a.agentId, 'income', r.body.obj.rechargeCode)).toEqual([]);
    expect((await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token })).body.msg).toBe('该申请已支付或已关闭');

    const again = await submit(a.token, { payPassword: '123456', rechargeMoney: '1000.00', payType: 2 });
    expect(again.body.obj.checkState).toBe(-1);
    expect((await t.call(storePrePay, { rechargeId: again.body.obj.id }, { token: a.token })).body.errorType).toBe('SUCCESS');
  });
});
