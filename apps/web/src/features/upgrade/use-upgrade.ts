import { useEffect, useRef } from 'react';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { selAgentUpgradeApplyInfo, UPGRADE_STATUS } from '@shop/contract/upgrade';
import { FLAG } from '@shop/contract/flags';
import type { Reply } from '../../lib/api.js';
import { refreshAgentInfo } from '../../lib/auth.js';
import { useOp } from '../../lib/query.js';
import { useSession } from '../../lib/session.js';

export type UpgradeInfo = Reply<typeof selAgentUpgradeApplyInfo>['obj'];
export type GradeItem = UpgradeInfo['itemList'][number];

/** The upgrade situation, always fresh (it moves with staff reviews); the stored user info follows it. */
export function useUpgradeInfo() {
  const query = useOp(selAgentUpgradeApplyInfo, {}, { staleTime: 0 });
  const { userInfo } = useSession();
  const agentStatus = query.data?.obj.status.agentStatus;
  const refreshedFor = useRef<number | null>(null);
  useEffect(() => {
    // spec 1 §4: the buying gate reads the stored user info; an approved first top-up must open it without a new login.
    if (!userInfo || agentStatus === undefined || agentStatus === userInfo.agentStatus || refreshedFor.current === agentStatus) return;
    refreshedFor.current = agentStatus;
    void refreshAgentInfo().catch(() => undefined);
  }, [agentStatus, userInfo]);
  return query;
}

/** spec 3 §4 Upgrade review: 0 in either state means under review. */
export const isPending = (info: UpgradeInfo) =>
  info.status.upgradeApplyCheckState === UPGRADE_STATUS.pending || info.status.rechargeCheckState === UPGRADE_STATUS.pending;

/** spec 3 §2 Upgrade: the latest upgrade was approved, the steps end at 升级成功. */
export const isUpgraded = (info: UpgradeInfo) => info.status.upgradeApplyCheckState === UPGRADE_STATUS.passed;

/** Rejected (upgrade 3 or recharge 2): the reason is shown. */
export const isRejected = (info: UpgradeInfo) =>
  info.status.upgradeApplyCheckState === UPGRADE_STATUS.upgradeRejected || info.status.rechargeCheckState === UPGRADE_STATUS.rechargeRejected;

/**
 * What /offline pays for: the first top-up of the grade held (agentStatus 0), or the one-time restock rule of the
 * target grade. Null when there is nothing to pay (a stale link).
 */
export function paymentPlan(info: UpgradeInfo, gradeId: number | null): { gradeName: string; amount: string; newGradeId?: number; firstTopUp: boolean } | null {
  if (info.status.agentStatus === AGENT_STATUS.new) {
    return { gradeName: info.oldAgentGradeInfo.gradeName, amount: info.oldAgentGradeInfo.firstRechargeMoney, firstTopUp: true };
  }
  const grade = info.itemList.find((g) => g.gradeId === gradeId);
  const rule = grade?.resList.find((r) => r.singleMoney !== null && r.isUpgrade === FLAG.yes);
  if (!grade || !rule?.singleMoney) return null;
  return { gradeName: grade.gradeName, amount: rule.singleMoney, newGradeId: grade.gradeId, firstTopUp: false };
}
