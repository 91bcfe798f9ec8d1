import { agentGateOf, type AgentGate } from '@shop/contract/agent-gate';
import { CHECK_STATE } from '@shop/contract/order-state';
import type { Operation, OpInput } from '@shop/contract/operation';
import type { UserInfo } from '@shop/contract/session';
import { FLAG } from '@shop/contract/flags';
import { agentGate, type Gate } from './agent-gate.js';
import { call, type Reply } from './api.js';
import { bondMoneyInit, selAgentUpgradeApplyInfo } from './first-screen-ops.js';

type GateUser = Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null;
type UpgradeReply = Reply<typeof selAgentUpgradeApplyInfo>;
type BondReply = Reply<typeof bondMoneyInit>;

/** spec 3 §4: rechargeCheckState 0 = the first top-up waits for review; bondStatusFlg 1 = the deposit paid waits for it. */
function underReview(kind: AgentGate, upgrade: UpgradeReply | undefined, bond: BondReply | undefined): boolean {
  if (kind === 'recharge') return upgrade?.obj.status.rechargeCheckState === CHECK_STATE.pending;
  return kind === 'bond' && bond?.obj.bondStatusFlg === FLAG.yes;
}

/** A screen's loader (lib/query's useOp, or /home's useHomeOp): passed in so the first screens keep their own. */
type ReadOp = <O extends Operation>(op: O, input: OpInput<O>, options: { enabled?: boolean }) => { data?: Reply<O> };

/**
 * The agent gate with what the server knows beyond userInfo: whether the first top-up (/upgrade's rechargeCheckState)
 * or the deposit (/compliance's bondStatusFlg) that keeps it shut is already paid and under review. Asked only while
 * that gate is shut, through the same cache entries as /upgrade and /compliance (their submits refresh it); until the
 * answer comes the gate reads as before.
 */
export function useAgentGate(user: GateUser, read: ReadOp, firstRecharge?: string): Gate | null {
  const kind = agentGateOf(user);
  const upgrade = read(selAgentUpgradeApplyInfo, {}, { enabled: kind === 'recharge' }).data;
  const bond = read(bondMoneyInit, {}, { enabled: kind === 'bond' }).data;
  return agentGate(user, { firstRecharge, underReview: underReview(kind, upgrade, bond) });
}

/** The same, asked at the moment of a tap (screens without a query cache); a failed answer leaves the gate as it is. */
export async function askAgentGate(user: GateUser): Promise<Gate | null> {
  const kind = agentGateOf(user);
  const quiet = { background: true, silent: true } as const;
  const upgrade = kind === 'recharge' ? await call(selAgentUpgradeApplyInfo, {}, quiet).catch(() => undefined) : undefined;
  const bond = kind === 'bond' ? await call(bondMoneyInit, {}, quiet).catch(() => undefined) : undefined;
  return agentGate(user, { underReview: underReview(kind, upgrade, bond) });
}
