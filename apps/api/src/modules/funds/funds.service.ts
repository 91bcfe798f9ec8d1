import { chinaTimeText, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as accounts from './accounts.repository.js';
import { toCollectionAccount } from './accounts.service.js';
import * as frozen from './frozen.repository.js';
import * as records from './records.repository.js';
import * as withdrawals from './withdrawal.repository.js';
import { pageOf } from './paging.js';
import { ruleOf, toWithdrawalRecord } from './withdrawal-rule.js';

/** A legacy agentId in the payload may only name the session's agent (ADR 0017). */
export function assertSelf(agentId: number, claimed: number | null | undefined) {
  if (claimed !== undefined && claimed !== null && Number(claimed) !== agentId) throw new AppError('FORBIDDEN');
}

type Page = { pageSize: number; pageNum: number };

function toChange(r: Awaited<ReturnType<typeof records.pageRecords>>[number]) {
  const amount = Number(r.amount);
  return {
    id: Number(r.id),
    changeType: amount >= 0 ? 1 : 2,
    changeState: r.change_state,
    changeMoney: Math.abs(amount),
    changeDate: chinaTimeText(r.created_at),
    orderCode: r.order_code ?? '',
    remark: r.remark,
  };
}

/** The reads of the goods fund and the total score, and thawing (spec 3 §2, §7). */
export function createFundsService({ db, clock }: Deps) {
  const k = db.kysely;

  async function recordsPage(agentId: number, account: 'store' | 'totalScore', changeType: number | null, page: Page) {
    // ADR 0048: one statement for the page and its count; a page past the end asks the count alone.
    const rows = await records.pageRecordsCounted(k, agentId, account, changeType, page.pageSize, (page.pageNum - 1) * page.pageSize);
    const total = rows.length > 0 ? Number(rows[0]!.total_rows) : await records.countRecords(k, agentId, account, changeType);
    return { list: rows.map(toChange), phonePage: pageOf(page, total) as PhonePage };
  }

  async function frozenSummary(agentId: number) {
    const now = iso(clock.now());
    const rows = await frozen.frozenOf(k, agentId);
    const due = (r: frozen.FrozenRow) => r.release_at <= now;
    return {
      rows,
      frozenMoney: rows.reduce((s, r) => s + Number(r.frozen_money), 0),
      thawMoney: rows.filter(due).reduce((s, r) => s + Number(r.frozen_money), 0),
      objs: rows.map((r) => ({
        id: Number(r.id),
        frozenMoney: Number(r.frozen_money),
        thawMoney: due(r) ? Number(r.frozen_money) : 0,
        frozenState: r.frozen_state,
        releaseDate: chinaTimeText(r.release_at).slice(0, 10),
        createDate: chinaTimeText(r.created_at),
        remark: r.remark,
      })),
    };
  }

  async function accountGate(platId: string, agentId: number) {
    const [f, rule] = await Promise.all([records.fundsOf(k, agentId), withdrawals.findRule(k, platId)]);
    const r = ruleOf(rule);
    return { f, rule: r };
  }

  return {
    async personalInit(agentId: number) {
      const f = await records.fundsOf(k, agentId);
      return { obj: { lastStore: Number(f.last_store), frozenStore: Number(f.frozen_store) } };
    },

    async frozenRecords(agentId: number) {
      const s = await frozenSummary(agentId);
      return { obj: { frozenMoney: s.frozenMoney, thawMoney: s.thawMoney }, objs: s.objs };
    },

    async goodsBill(agentId: number, changeType: number | null, page: Page) {
      const p = await recordsPage(agentId, 'store', changeType, page);
      return { obj: { agentStoreChangeRecordlist: p.list, phonePage: p.phonePage } };
    },

    async incomeRecords(agentId: number, changeType: number | null, page: Page) {
      const p = await recordsPage(agentId, 'totalScore', changeType, page);
      return { objs: p.list, obj: { phonePage: p.phonePage } };
    },

    async apiAccountInfo(platId: string, agentId: number) {
      const { f, rule } = await accountGate(platId, agentId);
      return {
        obj: {
          laveIncome: Number(f.lave_income),
          applyIncome: Number(f.apply_income),
          allFrozenAwardMoney: Number(f.frozen_award),
          isCanTs: rule.isCanTs,
          tsMsg: rule.tsMsg,
          isNeedBondStatus: f.is_need_bond_status,
        },
      };
    },

    async accountAndRule(platId: string, agentId: number) {
      const { f, rule } = await accountGate(platId, agentId);
      const list = await accounts.pageOwn(k, agentId, 50, 0);
      return {
        obj: {
          laveIncome: Number(f.lave_income),
          baseWithdrawCashRuleBo: rule.wire,
          baseOfflinePayAccountlist: list.map(toCollectionAccount),
          isCanTs: rule.isCanTs,
          tsMsg: rule.tsMsg,
          isNeedBondStatus: f.is_need_bond_status,
        },
      };
    },

    async withdrawals(agentId: number, checkState: number | null, page: Page) {
      const state = checkState === null || checkState < 0 ? null : checkState;
      const total = await withdrawals.countOfAgent(k, agentId, state);
      const rows = await withdrawals.pageOfAgent(k, agentId, state, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return { objs: rows.map(toWithdrawalRecord), obj: { phonePage: pageOf(page, total) } };
    },
  };
}
export type FundsService = ReturnType<typeof createFundsService>;
