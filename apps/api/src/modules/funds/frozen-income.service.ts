import { chinaTimeText, FROZEN_INCOME_KIND, type FrozenIncomeItem, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { addMs, DAY, iso } from '../../lib/clock.js';
import * as repo from './frozen-income.repository.js';
import { releaseDays } from './income.repository.js';
import { pageOf } from './paging.js';

type Page = { pageSize: number; pageNum: number };

/**
 * /total's 冻结金额 explained: each network income row with its kind, the lower agent and the order or
 * top-up that earned it, the amount and when it is released (ADR 0017): a recruitment reward N days after the top-up;
 * a price difference N days after its order is received, so no date until then).
 */
export function createFrozenIncomeService({ db }: Deps) {
  const k = db.kysely;

  function toItem(r: repo.FrozenIncomeRow, days: number): Omit<FrozenIncomeItem, 'amount'> & { amount: number } {
    const isOrder = r.source_kind === 'order';
    // ADR 0038: a VD order's retail income gets its release date when the consumer's order is received.
    const isRetail = r.source_kind === 'store_order';
    const release = isOrder ? (r.receipt_date ? iso(addMs(new Date(r.receipt_date), days * DAY)) : null) : r.release_at;
    return {
      id: Number(r.id),
      kind: isOrder ? FROZEN_INCOME_KIND.priceDifference : isRetail ? FROZEN_INCOME_KIND.retail : FROZEN_INCOME_KIND.recruit,
      amount: Number(r.amount),
      fromAgentName: isRetail ? '店铺顾客' : (r.from_agent_name ?? ''),
      sourceCode: r.source_code,
      state: Number(r.state),
      releaseDate: release ? chinaTimeText(release).slice(0, 10) : null,
      releaseHint: release ? '' : `确认收货后${days}天解冻`,
      createDate: chinaTimeText(r.created_at),
      settledDate: r.settled_at ? chinaTimeText(r.settled_at) : null,
    };
  }

  return {
    /** tab 0: still frozen; tab 1: the history (released or voided). Amounts in fen; the wire makes yuan. */
    async list(platId: string, agentId: number, tab: 0 | 1, page: Page) {
      const history = tab === 1;
      const [total, frozenMoney, days, rows] = await Promise.all([
        repo.countIncomes(k, agentId, history),
        repo.sumFrozen(k, agentId),
        releaseDays(k, platId),
        repo.pageIncomes(k, agentId, history, page.pageSize, (page.pageNum - 1) * page.pageSize),
      ]);
      return { objs: rows.map((r) => toItem(r, days)), obj: { frozenMoney, phonePage: pageOf(page, total) as PhonePage } };
    },
  };
}
export type FrozenIncomeService = ReturnType<typeof createFrozenIncomeService>;
