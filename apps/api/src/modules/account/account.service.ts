import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import * as agents from '../agent/agent.queries.js';
import * as orders from '../order/order.queries.js';
import * as repo from './account.repository.js';

export function createAccountService({ db }: Deps) {
  const k = db.kysely;

  async function account(agentId: number) {
    const b = await agents.findBalances(k, agentId);
    return { lastStore: b.last_store, laveIncome: b.lave_income, laveIntegral: b.lave_integral, bondMoney: b.bond_money };
  }

  return {
    async accountInfo(agentId: number) {
      const { bondMoney: _bond, ...rest } = await account(agentId);
      return rest;
    },

    /** The my page: balances, deposit, direct invitees and the order-state tiles (spec 1 §2 /my). */
    async myPage(agentId: number) {
      const me = await agents.findProfileById(k, agentId);
      if (!me) throw new AppError('UNAUTHENTICATED');
      const { bondMoney, ...balances } = await account(agentId);
      const counts = new Map((await orders.countByState(k, agentId)).map((r) => [r.circulation_state, Number(r.n)]));
      const n = (state: number) => counts.get(state) ?? 0;
      return {
        account: balances,
        bondMoney,
        ztNum: await repo.countInvited(k, agentId),
        dfkNum: n(1),
        dfhNum: n(2) + n(3),
        dshNum: n(4),
        ywcNum: n(5),
        allNum: [...counts.values()].reduce((a, b) => a + b, 0),
        isOpenShop: 0,
        shopId: null,
        shopUrl: '',
        agentStatus: me.agent_status,
        isNeedBondStatus: me.is_need_bond_status,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
