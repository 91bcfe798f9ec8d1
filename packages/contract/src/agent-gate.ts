/**
 * spec 1 §4 agent status gate: status 0 must make the first top-up, status 1 with the deposit due must pay it, only
 * status 1 without a deposit due may buy; anything else means the stored user info is stale. The server refuses an
 * order by it and the screens send the agent to the step that opens the gate.
 */
export type AgentGate = 'recharge' | 'bond' | 'open' | 'stale';

/** spec 1 §4 agentStatus: 0 before the first top-up, 1 activated. */
export const AGENT_STATUS = { new: 0, activated: 1 } as const;

export function agentGateOf(agent: { agentStatus: number; isNeedBondStatus: number } | null): AgentGate {
  if (!agent) return 'stale';
  if (agent.agentStatus === AGENT_STATUS.new) return 'recharge';
  if (agent.agentStatus === AGENT_STATUS.activated) return agent.isNeedBondStatus === 1 ? 'bond' : 'open';
  return 'stale';
}

/** What the server answers an order placed through a closed gate. */
export const AGENT_GATE_MESSAGES = {
  recharge: '请先完成首次充值后再购买',
  bond: '请先缴纳合规金后再购买',
  stale: '页面缓存，请退出重进',
} as const;
