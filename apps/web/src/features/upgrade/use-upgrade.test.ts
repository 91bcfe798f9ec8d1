import { describe, expect, it } from 'vitest';
import { isPending, isRejected, isUpgraded, paymentPlan, type UpgradeInfo } from './use-upgrade.js';

const grade = (gradeId: number, gradeLevel: number, restock: string | null, isUpgrade = 1) => ({
  gradeId,
  gradeName: `G${gradeLevel}`,
  gradeLevel,
  firstRechargeMoney: '1000.00',
  bondMoney: '500.00',
  gradeUpType: 2,
  resList: [
    { id: gradeId * 10, gradeId, singleMoney: restock, isUpgrade, returnRuleStr: 'r', returnSuccessRuleStr: 's', recruitCount: null, recruitedCount: null },
    { id: gradeId * 10 + 1, gradeId, singleMoney: null, isUpgrade: 0, returnRuleStr: '直推', returnSuccessRuleStr: 's', recruitCount: 3, recruitedCount: 1 },
  ],
});

function info(agentStatus: number, upgradeApplyCheckState = 99, rechargeCheckState = 99): UpgradeInfo {
  return {
    agentName: '李华',
    headImgUrl: '',
    itemList: [grade(1, 1, null), grade(2, 2, '5000.00'), grade(3, 3, '20000.00', 0)],
    oldAgentGradeInfo: { gradeId: 1, gradeName: '体验代理', gradeLevel: 1, firstRechargeMoney: '1000.00', bondMoney: '500.00' },
    status: { agentStatus, upgradeApplyCheckState, rechargeCheckState, checkRemark: '', gradeUpType: agentStatus === 0 ? 1 : 2 },
    agentUpgradeApplyInfoBo: null,
    agentRechargeApplyBo: null,
  };
}

describe('/offline payment plan (spec 3 §4 Upgrade review)', () => {
  it('a new agent pays the first top-up of the grade held, whatever the link says', () => {
    expect(paymentPlan(info(0), 3)).toEqual({ gradeName: '体验代理', amount: '1000.00', firstTopUp: true });
  });
  it('an active agent pays the restock rule of the chosen grade, only when it is actionable', () => {
    expect(paymentPlan(info(1), 2)).toEqual({ gradeName: 'G2', amount: '5000.00', newGradeId: 2, firstTopUp: false });
    expect(paymentPlan(info(1), 3)).toBeNull(); // isUpgrade 0
    expect(paymentPlan(info(1), null)).toBeNull();
  });
  it('0 in either state is under review; upgrade 3 or recharge 2 is a rejection', () => {
    expect([isPending(info(1, 0)), isPending(info(0, 99, 0)), isPending(info(1))]).toEqual([true, true, false]);
    expect([isRejected(info(1, 3)), isRejected(info(0, 99, 2)), isRejected(info(1))]).toEqual([true, true, false]);
  });
  it('an approved upgrade (1) ends the steps at 升级成功; an approved first top-up alone does not', () => {
    expect([isUpgraded(info(1, 1, 1)), isUpgraded(info(1, 99, 1)), isUpgraded(info(1, 0, 0))]).toEqual([true, false, false]);
  });
});
