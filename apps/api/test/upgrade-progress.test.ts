import { describe, expect, it } from 'vitest';
import { agentLevelUpApply, reviewRecharge, selAgentUpgradeApplyInfo, submitApplicationsForPersonal } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';

/** /upgrade's progress (spec 3 §2 Upgrade, §3 rule items): the recruit rule's 已推荐 n/m and the steps' 升级成功. */
const t = useTestApp();

const info = async (token: string) => (await t.call(selAgentUpgradeApplyInfo, {}, { token })).body.obj;
const review = async (id: number, approve: boolean, reason = '') => staffCall(t, reviewRecharge, { id, approve, reason }, { staffToken: await staffLoginAs(t, 'caiwu') });
type Rule = { singleMoney: string | null; isUpgrade: number; recruitCount: number | null; recruitedCount: number | null };
const rulesOf = async (token: string, gradeId: number): Promise<Rule[]> => (await info(token)).itemList.find((g: { gradeId: number }) => g.gradeId === gradeId)!.resList;

describe('recruit rule progress', () => {
  it('counts the invited agents who made their first top-up, as the rule itself counts them; restock rules carry none', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const silver = Number(a.grades[1]!.id);
    const recruit = (rules: Rule[]) => rules.find((r) => r.singleMoney === null)!;
    const restock = (rules: Rule[]) => rules.find((r) => r.singleMoney !== null)!;

    const rules = await rulesOf(a.token, silver);
    expect(recruit(rules)).toMatchObject({ recruitCount: 3, recruitedCount: 0, isUpgrade: 0 });
    expect(restock(rules)).toMatchObject({ recruitCount: null, recruitedCount: null });

    // A recruit still to top up does not count; one who did counts once; another agent's recruit is not ours.
    const b = await freshAgent(t, { status: 0, inviterPhone: a.phone, incomeFen: 500_000 });
    await freshAgent(t, { status: 1, inviterPhone: a.phone });
    const other = await freshAgent(t, { status: 1 });
    await freshAgent(t, { status: 1, inviterPhone: other.phone });
    expect(recruit(await rulesOf(a.token, silver))).toMatchObject({ recruitCount: 3, recruitedCount: 1, isUpgrade: 0 });
    expect(recruit(await rulesOf(other.token, silver)).recruitedCount).toBe(1);

    // b's first top-up approved by staff: 2 of 3.
    const first = (await info(b.token)).oldAgentGradeInfo.firstRechargeMoney;
    const sub = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: first, payType: 3, idempotencyKey: crypto.randomUUID() }, { token: b.token });
    expect(sub.body.errorType, sub.body.msg).toBe('SUCCESS');
    expect(recruit(await rulesOf(a.token, silver)).recruitedCount).toBe(1);
    expect((await review(sub.body.obj.id, true)).body.errorType).toBe('SUCCESS');
    expect(recruit(await rulesOf(a.token, silver))).toMatchObject({ recruitCount: 3, recruitedCount: 2, isUpgrade: 0 });

    // The third: the rule is met and actionable, and the progress says so.
    await freshAgent(t, { status: 1, inviterPhone: a.phone });
    expect(recruit(await rulesOf(a.token, silver))).toMatchObject({ recruitCount: 3, recruitedCount: 3, isUpgrade: 1 });
  });
});

describe('the steps reach 升级成功', () => {
  it('an approved upgrade reads upgradeApplyCheckState 1; under review 0; a rejection 3; a first top-up alone never 1', async () => {
    const n = await freshAgent(t, { status: 0, incomeFen: 500_000 });
    const first = (await info(n.token)).oldAgentGradeInfo.firstRechargeMoney;
    const sub = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: first, payType: 3, idempotencyKey: crypto.randomUUID() }, { token: n.token });
    await review(sub.body.obj.id, true);
    expect((await info(n.token)).status).toMatchObject({ agentStatus: 1, upgradeApplyCheckState: 99, rechargeCheckState: 1 });

    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const silver = Number(a.grades[1]!.id);
    for (let i = 0; i < 3; i += 1) await freshAgent(t, { status: 1, inviterPhone: a.phone });
    expect((await info(a.token)).status.upgradeApplyCheckState).toBe(99);
    const applied = await t.call(agentLevelUpApply, { newGradeId: silver }, { token: a.token });
    expect((await info(a.token)).status).toMatchObject({ upgradeApplyCheckState: 0, rechargeCheckState: 0 });
    await review(applied.body.obj.id, false, '资料不全');
    expect((await info(a.token)).status).toMatchObject({ upgradeApplyCheckState: 3, rechargeCheckState: 2, checkRemark: '资料不全' });

    const again = await t.call(agentLevelUpApply, { newGradeId: silver }, { token: a.token });
    expect(again.body.errorType, again.body.msg).toBe('SUCCESS');
    await review(again.body.obj.id, true);
    const after = await info(a.token);
    expect(after.status).toMatchObject({ upgradeApplyCheckState: 1, rechargeCheckState: 1, checkRemark: '' });
    expect(after.oldAgentGradeInfo.gradeId).toBe(silver);
  });
});
