import { PERFORMANCE_TYPE, chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { chinaMonthRange } from '../../lib/clock.js';
import { singleFlight } from '../../lib/single-flight.js';
import { findLookupById, invitedBy } from '../agent/agent.queries.js';
import { paidOrdersOf } from '../order/order.queries.js';
import { approvedRechargesOf } from '../upgrade/upgrade.queries.js';
import { networkMonths } from './performance-months.repository.js';

/** How far down the inviter chain performance counts; also stops a (corrupt) cycle. */
const MAX_DEPTH = 10;

interface Entry {
  performanceType: number;
  isLower: number;
  perforMoney: number; // fen
  at: string; // ISO UTC
  agentName: string;
  code: string;
}

type Page = { pageNum: number; pageSize: number };
const paged = <T>(items: T[], page: Page) => ({
  items: items.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize),
  phonePage: { ...page, pageTotal: Math.ceil(items.length / page.pageSize) },
});


/**
 * Performance (spec 3 §2 /performance, /monthPerformance): paid orders (type 1) and approved top-ups (type 2) of the
 * session's agent and of every agent below it in the inviter chain (isLower 1), per China month, fen inside.
 */
export function createPerformanceService({ db }: Deps) {
  const k = db.kysely;
  const monthsOnce = singleFlight<Awaited<ReturnType<typeof networkMonths>>>();

  /** The agent and the agents below it, with their names. */
  async function network(platId: string, agentId: number): Promise<Map<number, string>> {
    const self = await findLookupById(k, agentId);
    const names = new Map<number, string>([[agentId, self?.agent_name ?? '']]);
    let level = [agentId];
    for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
      const below = (await invitedBy(k, platId, level)).filter((a) => !names.has(Number(a.id)));
      for (const a of below) names.set(Number(a.id), a.agent_name);
      level = below.map((a) => Number(a.id));
    }
    return names;
  }

  async function entries(platId: string, agentId: number, range?: { from: string; to: string }): Promise<Entry[]> {
    const names = await network(platId, agentId);
    const ids = [...names.keys()];
    const [orders, recharges] = await Promise.all([paidOrdersOf(k, platId, ids, range), approvedRechargesOf(k, platId, ids, range)]);
    const of = (id: number) => ({ isLower: id === agentId ? 0 : 1, agentName: names.get(id) ?? '' });
    return [
      ...orders.map((o) => ({ performanceType: PERFORMANCE_TYPE.purchase, perforMoney: Number(o.total_money), at: o.pay_date!, code: o.order_code, ...of(Number(o.create_agent_id)) })),
      ...recharges.map((r) => ({ performanceType: PERFORMANCE_TYPE.recharge, perforMoney: Number(r.recharge_money), at: r.checked_at!, code: r.recharge_code, ...of(Number(r.agent_id)) })),
    ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  return {
    async months(platId: string, agentId: number, page: Page) {
      // ADR 0045: the network's rows of the monthly rollup, summed in the database; the top of a 100,000-agent tree
      // no longer reads a million orders per request. Reads of one agent at the same moment share one statement.
      const months = (await monthsOnce(`${platId}:${agentId}`, () => networkMonths(k, platId, agentId, MAX_DEPTH)))
        .filter((m) => m.entries > 0)
        .map(({ month, fen }) => ({
          orderTimeYYmm: month,
          payDateYYmm: `${month.slice(0, 4)}年${month.slice(5, 7)}月`,
          allProfitMoney: fen,
        }));
      const { items, phonePage } = paged(months, page);
      return { obj: { allCountMoney: months.reduce((s, m) => s + m.allProfitMoney, 0), phonePage }, objs: items };
    },

    async details(platId: string, agentId: number, month: string, page: Page) {
      const all = await entries(platId, agentId, chinaMonthRange(month));
      const { items, phonePage } = paged(all, page);
      return {
        obj: { allProfitMoney: all.reduce((s, e) => s + e.perforMoney, 0) },
        objs: items.map(({ at, ...e }) => ({ ...e, createDate: chinaTimeText(at) })),
        phonePage,
      };
    },
  };
}
export type PerformanceService = ReturnType<typeof createPerformanceService>;
