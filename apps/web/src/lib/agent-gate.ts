import { AGENT_GATE_MESSAGES, agentGateOf } from '@shop/contract/agent-gate';
import type { UserInfo } from '@shop/contract/session';

export interface Gate {
  /** Where the prompt leads. */
  to: '/upgrade' | '/compliance';
  /** The prompt and its button. */
  text: string;
  action: string;
  /** The step is done and waits for staff: the prompt says so instead of asking to pay again. */
  review?: boolean;
}

export interface GateContext {
  /** The grade's first top-up amount, when known. */
  firstRecharge?: string;
  /** The first top-up or the deposit that closes the gate is paid and under review (lib/gate-review.ts). */
  underReview?: boolean;
}

/** spec 3 §4: a first top-up / a deposit paid and waiting for review keeps the gate shut, but is not asked for again. */
export const GATE_REVIEW_TEXT = {
  recharge: '首充审核中，审核通过后即可进货',
  bond: '合规金审核中，审核通过后即可进货',
} as const;

/**
 * spec 1 §4 agent status gate: status 0 must make the first top-up (/upgrade); status 1 with the deposit due must pay it
 * (/compliance); only status 1 without a deposit due may buy (the contract's agentGateOf, as the server decides).
 */
export function agentGate(user: Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null, ctx: GateContext = {}): Gate | null {
  const gate = agentGateOf(user);
  if (gate === 'recharge') {
    if (ctx.underReview) return { to: '/upgrade', text: GATE_REVIEW_TEXT.recharge, action: '查看', review: true };
    const amount = ctx.firstRecharge ? ` ${ctx.firstRecharge} 元` : '';
    return { to: '/upgrade', text: `请先充值首充金额${amount}后再进货`, action: '去充值' };
  }
  if (gate === 'bond') {
    if (ctx.underReview) return { to: '/compliance', text: GATE_REVIEW_TEXT.bond, action: '查看', review: true };
    return { to: '/compliance', text: '请先缴纳合规金后再进货', action: '去缴纳' };
  }
  return null;
}

/** Neither gate applies yet the agent is not active: the stored user info is stale (spec 1 §4). */
export const STALE_SESSION = AGENT_GATE_MESSAGES.stale;
export const mayBuy = (user: Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null) => agentGateOf(user) === 'open';
