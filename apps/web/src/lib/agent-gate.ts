import { AGENT_GATE_MESSAGES, agentGateOf } from '@shop/contract/agent-gate';
import type { UserInfo } from '@shop/contract/session';

export interface Gate {
  /** Where the prompt leads. */
  to: '/upgrade' | '/compliance';
  /** The prompt and its button. */
  text: string;
  action: string;
}

/**
 * spec 1 §4 agent status gate: status 0 must make the first top-up (/upgrade); status 1 with the deposit due must pay it
 * (/compliance); only status 1 without a deposit due may buy (the contract's agentGateOf, as the server decides).
 * `firstRecharge` is the grade's amount when known.
 */
export function agentGate(user: Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null, firstRecharge?: string): Gate | null {
  const gate = agentGateOf(user);
  if (gate === 'recharge') {
    const amount = firstRecharge ? ` ${firstRecharge} 元` : '';
    return { to: '/upgrade', text: `请先充值首充金额${amount}后再进货`, action: '去充值' };
  }
  if (gate === 'bond') return { to: '/compliance', text: '请先缴纳合规保证金后再进货', action: '去缴纳' };
  return null;
}

/** Neither gate applies yet the agent is not active: the stored user info is stale (spec 1 §4). */
export const STALE_SESSION = AGENT_GATE_MESSAGES.stale;
export const mayBuy = (user: Pick<UserInfo, 'agentStatus' | 'isNeedBondStatus'> | null) => agentGateOf(user) === 'open';
