import { BOND_STATE, ORDER_STATE, RECHARGE_STATE, type DashboardQueue } from '@shop/contract';
import type { Deps } from '../deps.js';
import { chinaDate, chinaMidnight, DAY } from '../lib/clock.js';
import { countAgentsCreated } from '../modules/agent/agent.queries.js';
import { countInState as countBondsInState } from '../modules/bond/bond.queries.js';
import { countOpenConversations } from '../modules/chat/chat.queries.js';
import { withdrawalRepo } from '../modules/funds/funds.queries.js';
import { countOfPlatformInState, paidByHour } from '../modules/order/order.queries.js';
import { storeShipQueue } from '../modules/store/store.queries.js';
import { countInState as countRechargesInState } from '../modules/upgrade/upgrade.queries.js';

export type QueueCounts = Record<DashboardQueue, number>;

/** 'YYYY-MM-DD' of the China day an instant falls in. */
const chinaDay = (ms: number) => chinaDate(new Date(ms));

/**
 * The dashboard's numbers (ADR 0020), read from each module's face: the pending work of every queue, and the
 * paid orders and new agents by China-time day. Reads only: the live counts recompute them from the database, so
 * every server process sees the same numbers.
 */
export function createDashboardCounts(deps: Deps) {
  const k = deps.db.kysely;

  return {
    async queues(platId: string): Promise<QueueCounts> {
      const [offlinePayments, toShipAgents, recharges, withdrawals, bonds, bondReturns, openChats, toShipStores] = await Promise.all([
        countOfPlatformInState(k, platId, ORDER_STATE.review),
        countOfPlatformInState(k, platId, ORDER_STATE.toShip),
        countRechargesInState(k, platId, RECHARGE_STATE.pending),
        withdrawalRepo.countPending(k, platId),
        countBondsInState(k, 'bond_pays', platId, BOND_STATE.pending),
        countBondsInState(k, 'bond_returns', platId, BOND_STATE.pending),
        countOpenConversations(k, platId),
        // ADR 0042: the stores' VD orders wait in the same 待发货 queue.
        storeShipQueue.countToShip(k, { platId }),
      ]);
      const toShip = toShipAgents + toShipStores;
      return { offlinePayments, toShip, recharges, withdrawals, bonds, bondReturns, openChats };
    },

    /** Today's paid orders, amount (fen) and new agents, and the last 30 China days (oldest first, today last). */
    async summary(platId: string) {
      const now = deps.clock.now().getTime();
      // Midnight of today in China, as a UTC instant.
      const todayStart = Date.parse(chinaMidnight(chinaDay(now)));
      const from = todayStart - 29 * DAY;
      const to = todayStart + DAY;
      const [hours, newAgents] = await Promise.all([
        paidByHour(k, platId, new Date(from).toISOString(), new Date(to).toISOString()),
        countAgentsCreated(k, platId, new Date(todayStart).toISOString(), new Date(to).toISOString()),
      ]);
      const days = new Map<string, { paidOrders: number; paidAmount: number }>();
      for (let d = 0; d < 30; d++) days.set(chinaDay(from + d * DAY), { paidOrders: 0, paidAmount: 0 });
      for (const h of hours) {
        const day = days.get(chinaDay(Date.parse(`${h.hour}:00:00.000Z`)));
        if (!day) continue;
        day.paidOrders += h.orders;
        day.paidAmount += h.amount;
      }
      const last30Days = [...days].map(([date, v]) => ({ date, ...v }));
      const today = last30Days[last30Days.length - 1]!;
      return { today: { paidOrders: today.paidOrders, paidAmount: today.paidAmount, newAgents }, last30Days };
    },
  };
}
export type DashboardCounts = ReturnType<typeof createDashboardCounts>;

