import type { Deps } from '../../deps.js';
import { iso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import * as agents from '../agent/agent.queries.js';
import * as orders from '../order/order.queries.js';
import { agentStoreFlag } from '../store/store.queries.js';
import * as repo from './account.repository.js';

export function createAccountService({ db, clock }: Deps) {
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
      // spec 1 §3: the store section shows only when the shop-enabled flag is on (ADR 0042).
      const shop = await agentStoreFlag(k, agentId, iso(clock.now()));
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
        isOpenShop: shop.isOpenShop,
        shopId: shop.shopId,
        shopUrl: shop.shopId === null ? '' : `/store/${shop.shopId}`,
        agentStatus: me.agent_status,
        isNeedBondStatus: me.is_need_bond_status,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
