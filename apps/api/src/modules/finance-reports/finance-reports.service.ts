import {
  FINANCE_REPORT_MESSAGES as M,
  INCOME_CHANGE,
  LEDGER_ACCOUNT_NAMES,
  LEDGER_ACCOUNTS,
  LEDGER_CODE_CATALOG,
  LEDGER_COUNT_CAP,
  MONEY_ACCOUNTS,
  chinaTimeText,
  fenToYuan,
  ledgerChangeName,
  type LedgerAccount,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { chinaDate, chinaMidnight } from '../../lib/clock.js';
import { cashDays, dayWire } from './cash-report.js';
import * as ledger from '../ledger/ledger.queries.js';

/**
 * The platform ledger and the finance reports (ADR 0031). Reads only, through the faces of the modules
 * that own the records; every figure is integer fen summed here from the rows (the wire turns it into yuan).
 */

/** Money as yuan text, points whole. */
export const unitText = (account: string, units: number) => (account === 'integral' ? String(units) : fenToYuan(units));

export interface LedgerSearch {
  phonePage?: { pageSize: number; pageNum: number };
  keyword?: string | null;
  account?: LedgerAccount | null;
  changeName?: string | null;
  from?: string | null;
  to?: string | null;
  code?: string | null;
}

/** The (account, code) pairs a change name stands for, within the chosen account. */
export function codesNamed(name: string, account?: string | null) {
  return LEDGER_CODE_CATALOG.filter((c) => c.name === name && (!account || c.account === account)).map((c) => ({ account: c.account, code: c.code }));
}

export function ledgerFilter(platId: string, s: LedgerSearch): ledger.LedgerFilter {
  return {
    platId,
    keyword: s.keyword || null,
    account: s.account || null,
    codes: s.changeName ? codesNamed(s.changeName, s.account) : null,
    fromUtc: s.from ? chinaMidnight(s.from) : null,
    beforeUtc: s.to ? chinaMidnight(s.to, 1) : null,
    orderCode: s.code || null,
  };
}

type LedgerRecord = Awaited<ReturnType<typeof ledger.pageLedger>>[number];
export const toLedgerRow = (r: LedgerRecord) => ({
  id: Number(r.id),
  createdAt: chinaTimeText(r.created_at),
  agentId: Number(r.agent_id),
  agentName: r.agent_name,
  phone: r.phone,
  account: r.account,
  accountName: LEDGER_ACCOUNT_NAMES[r.account as LedgerAccount] ?? r.account,
  changeState: Number(r.change_state),
  changeName: ledgerChangeName(r.account, Number(r.change_state)),
  amount: unitText(r.account, Number(r.amount)),
  balanceAfter: unitText(r.account, Number(r.balance_after)),
  orderCode: r.order_code ?? '',
  remark: r.remark,
});

export function createFinanceReports({ db, clock }: Deps) {
  const k = db.kysely;

  return {
    async ledgerPage(platId: string, s: LedgerSearch & { phonePage: { pageSize: number; pageNum: number } }) {
      const f = ledgerFilter(platId, s);
      const page = s.phonePage;
      // ADR 0048: counted up to LEDGER_COUNT_CAP; above it the console shows 共 10000+ 条 and pages up to the cap.
      const counted = await ledger.countLedgerUpTo(k, f, LEDGER_COUNT_CAP);
      const totalCapped = counted > LEDGER_COUNT_CAP;
      const total = Math.min(counted, LEDGER_COUNT_CAP);
      const rows = total ? await ledger.pageLedger(k, f, page.pageSize, (page.pageNum - 1) * page.pageSize) : [];
      return { objs: rows.map(toLedgerRow), obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, total, totalCapped } };
    },

    /** At most `max` records for an export; refused above it. */
    async ledgerRows(platId: string, s: LedgerSearch, max: number) {
      const f = ledgerFilter(platId, s);
      if ((await ledger.countLedgerUpTo(k, f, max)) > max) throw new AppError('VALIDATION', M.exportTooMany);
      return (await ledger.pageLedger(k, f, max, 0)).map(toLedgerRow);
    },

    async cash(platId: string, input: { from: string; to: string }) {
      const { list, total } = await cashDays(k, platId, input.from, input.to);
      return { objs: list.map(dayWire), obj: { total: dayWire(total) } };
    },
    cashDays: (platId: string, from: string, to: string) => cashDays(k, platId, from, to),

    /** The dashboard's figures of today's China day. */
    async cashToday(platId: string) {
      const day = chinaDate(clock.now());
      const { total } = await cashDays(k, platId, day, day);
      return { obj: { day, moneyIn: total.moneyIn, moneyOut: total.moneyOut, feesKept: total.feesKept, depositsHeld: total.depositsHeld } };
    },

    /** What headquarters owes the agents now, and the same sums from the change records (ADR 0031). */
    async liabilities(platId: string) {
      const [agents, sums] = await Promise.all([ledger.agentBalances(k, platId), ledger.sumLedgerByAgent(k, { platId, accounts: MONEY_ACCOUNTS })]);
      const recorded = new Map<string, number>();
      for (const s of sums) recorded.set(`${s.agent_id}:${s.account}`, (recorded.get(`${s.agent_id}:${s.account}`) ?? 0) + Number(s.total ?? 0));
      const column: Record<(typeof MONEY_ACCOUNTS)[number], keyof (typeof agents)[number]> = {
        store: 'last_store',
        totalScore: 'lave_income',
        frozen: 'frozen_store',
        apply: 'apply_income',
        bond: 'bond_money',
        award: 'frozen_award',
      };
      const rows = MONEY_ACCOUNTS.map((account) => {
        let balances = 0;
        let records = 0;
        const differing: { agentId: number; agentName: string; phone: string; balance: number; records: number }[] = [];
        for (const a of agents) {
          const balance = Number(a[column[account]] ?? 0);
          const rec = recorded.get(`${a.id}:${account}`) ?? 0;
          balances += balance;
          records += rec;
          if (balance !== rec) differing.push({ agentId: Number(a.id), agentName: a.agent_name, phone: a.phone, balance, records: rec });
        }
        return { account, accountName: LEDGER_ACCOUNT_NAMES[account], balances, records, difference: balances - records, differing };
      });
      const consistent = rows.every((r) => r.difference === 0 && r.differing.length === 0);
      const verdict = consistent
        ? '一致'
        : rows
            .filter((r) => r.differing.length > 0 || r.difference !== 0)
            .map((r) => `${r.accountName}相差${fenToYuan(r.difference)}元（${r.differing.length}个代理商不一致）`)
            .join('；');
      return {
        objs: rows.map((r) => ({ account: r.account, accountName: r.accountName, balances: r.balances, records: r.records, difference: r.difference, agents: r.differing.slice(0, 20) })),
        obj: { at: chinaTimeText(clock.now()), consistent, verdict, total: rows.reduce((s, r) => s + r.balances, 0) },
      };
    },

    /** The monthly network income (佣金) per agent, from the ledger (spec 3 §9 codes; ADR 0017, ADR 0031). */
    async income(platId: string, month: string) {
      const fromUtc = chinaMidnight(`${month}-01`);
      const [y, m] = month.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const beforeUtc = chinaMidnight(next);
      const [inMonth, untilEnd] = await Promise.all([
        ledger.sumLedgerByAgent(k, { platId, accounts: ['award', 'totalScore'], fromUtc, beforeUtc }),
        ledger.sumLedgerByAgent(k, { platId, accounts: ['award'], beforeUtc }),
      ]);
      type Row = { earnedSales: number; earnedRecruitment: number; earnedRetail: number; released: number; voided: number; frozenAtEnd: number; clawedBack: number };
      const rows = new Map<number, Row>();
      const rowOf = (id: number) => rows.get(id) ?? rows.set(id, { earnedSales: 0, earnedRecruitment: 0, earnedRetail: 0, released: 0, voided: 0, frozenAtEnd: 0, clawedBack: 0 }).get(id)!;
      const earnCodes = new Set<number>([INCOME_CHANGE.salesIncome, INCOME_CHANGE.recruitmentIncome, INCOME_CHANGE.retailIncome]);
      const clawCodes = new Set<number>([INCOME_CHANGE.serviceExpense, INCOME_CHANGE.recruitmentExpense]);
      for (const s of inMonth) {
        const code = Number(s.change_state);
        const plus = Number(s.plus ?? 0);
        const minus = -Number(s.minus ?? 0);
        if (s.account === 'award' && earnCodes.has(code)) {
          const r = rowOf(Number(s.agent_id));
          if (code === INCOME_CHANGE.salesIncome) r.earnedSales += plus;
          else if (code === INCOME_CHANGE.retailIncome) r.earnedRetail += plus;
          else r.earnedRecruitment += plus;
          r.released += minus;
        } else if (s.account === 'award' && code === INCOME_CHANGE.orderCancelledAdd) {
          rowOf(Number(s.agent_id)).voided += minus;
        } else if (s.account === 'totalScore' && clawCodes.has(code) && minus > 0) {
          rowOf(Number(s.agent_id)).clawedBack += minus;
        }
      }
      for (const s of untilEnd) if (Number(s.total ?? 0) !== 0) rowOf(Number(s.agent_id)).frozenAtEnd += Number(s.total);
      const ids = [...rows.keys()];
      const agents = new Map((await ledger.agentBalances(k, platId)).filter((a) => rows.has(Number(a.id))).map((a) => [Number(a.id), a]));
      const list = ids
        .map((id) => ({ agentId: id, agentName: agents.get(id)?.agent_name ?? '', phone: agents.get(id)?.phone ?? '', ...rows.get(id)! }))
        .filter((r) => r.earnedSales || r.earnedRecruitment || r.earnedRetail || r.released || r.voided || r.frozenAtEnd || r.clawedBack)
        .sort((a, b) => b.earnedSales + b.earnedRecruitment + b.earnedRetail - (a.earnedSales + a.earnedRecruitment + a.earnedRetail) || a.agentId - b.agentId);
      const total = { earnedSales: 0, earnedRecruitment: 0, earnedRetail: 0, released: 0, voided: 0, frozenAtEnd: 0, clawedBack: 0 };
      for (const r of list) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += r[key];
      return { objs: list, obj: { total } };
    },

    /** An agent's statement: per account the opening balance, every movement and the closing balance (ADR 0031). */
    async statement(platId: string, input: { agentId: number; from: string; to: string }) {
      const agent = await ledger.agentOfPlatform(k, platId, input.agentId);
      if (!agent) throw new AppError('VALIDATION', M.agentNotFound);
      const fromUtc = chinaMidnight(input.from);
      const beforeUtc = chinaMidnight(input.to, 1);
      const [opening, moves] = await Promise.all([
        ledger.sumLedger(k, { platId, agentId: input.agentId, beforeUtc: fromUtc }),
        ledger.pageLedger(k, { platId, agentId: input.agentId, fromUtc, beforeUtc }, 100_000, 0, 'asc'),
      ]);
      const objs = LEDGER_ACCOUNTS.map((account) => {
        const own = moves.filter((m) => m.account === account);
        const open = opening.get(account) ?? 0;
        const totalIn = own.reduce((s, m) => s + Math.max(Number(m.amount), 0), 0);
        const totalOut = own.reduce((s, m) => s + Math.min(Number(m.amount), 0), 0);
        return {
          account,
          accountName: LEDGER_ACCOUNT_NAMES[account],
          opening: unitText(account, open),
          closing: unitText(account, open + totalIn + totalOut),
          totalIn: unitText(account, totalIn),
          totalOut: unitText(account, totalOut),
          movements: own.map((m) => {
            const r = toLedgerRow(m);
            return { id: r.id, createdAt: r.createdAt, changeState: r.changeState, changeName: r.changeName, amount: r.amount, balanceAfter: r.balanceAfter, orderCode: r.orderCode, remark: r.remark };
          }),
        };
      });
      return {
        obj: { agentId: Number(agent.id), agentName: agent.agent_name, phone: agent.phone, agentCode: agent.agent_code, from: input.from, to: input.to },
        objs,
      };
    },
  };
}
export type FinanceReports = ReturnType<typeof createFinanceReports>;
