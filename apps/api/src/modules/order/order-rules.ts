import { AGENT_GATE_MESSAGES, agentGateOf, ORDER_PAY_TYPE_CODE, SETTLE_METHOD, SETTLE_METHOD_TYPE, type Fen, type SettleMethod } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import * as agents from '../agent/agent.queries.js';
import type { PayPasswordGuard } from '../agent/pay-password.js';
import * as repo from './order.repository.js';

type Balances = Awaited<ReturnType<typeof agents.findBalances>>;

/** spec 1 §4 agent status gate (the contract's agentGateOf): only an active agent without a deposit due may buy. */
export function assertMayBuy(agent: { is_active: number; agent_status: number; is_need_bond_status: number }) {
  if (!agent.is_active) throw new AppError('UNAUTHENTICATED');
  const gate = agentGateOf({ agentStatus: agent.agent_status, isNeedBondStatus: agent.is_need_bond_status });
  if (gate !== 'open') throw new AppError('VALIDATION', AGENT_GATE_MESSAGES[gate]);
}

/**
 * spec 1 §5 pay-method rules, checked against the server's amounts before anything is taken: the method is enabled,
 * WeChat needs a bound openId, the goods fund a balance, total-score income enough of it. The payment password guards
 * total-score income and points taken at placement (ADR 0024: no money or points leave without one).
 */
export function createPayMethodRules({ db }: Pick<Deps, 'db'>, payPassword: PayPasswordGuard) {
  const k = db.kysely;
  // `balances`: the agent's balances row the caller read in this request (the quote), not read again.
  return async (p: { agentId: number; platId: string; method?: SettleMethod; payPassword?: string; actualMoney: Fen; payType: number; points: number; balances?: Balances }) => {
    // Nothing to pay in money (ADR 0027): no method to check, whatever radio came with it.
    if (p.payType === ORDER_PAY_TYPE_CODE.pointsOnly || p.actualMoney === 0 || !p.method) {
      if (p.points > 0) await payPassword.verify(p.agentId, p.payPassword, p.balances);
      return;
    }
    const methods = await repo.findPayMethods(k, p.platId, true);
    if (!methods.some((m) => m.type === SETTLE_METHOD_TYPE[p.method!])) throw new AppError('VALIDATION', '该支付方式暂未开启');
    const balances = p.balances ?? (await agents.findBalances(k, p.agentId));
    if (p.method === SETTLE_METHOD.wechat && !balances.open_id) throw new AppError('VALIDATION', '您未绑定微信支付');
    if (p.method === SETTLE_METHOD.balance && balances.last_store <= 0) throw new AppError('VALIDATION', '货款余额不足');
    if (p.method === SETTLE_METHOD.income && balances.lave_income < p.actualMoney) throw new AppError('VALIDATION', '总分余额不足');
    if (p.method === SETTLE_METHOD.income || p.points > 0) await payPassword.verify(p.agentId, p.payPassword, balances);
  };
}
