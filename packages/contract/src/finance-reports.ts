import * as z from 'zod/mini';
import { BOND_CHANGE } from './bond.js';
import { FUNDS_CHANGE } from './funds-rules.js';
import { INCOME_CHANGE, POINTS_CHANGE, STORE_CHANGE } from './ledger-codes.js';
import { accountKeyOf, changeName } from './ledger-names.js';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { idIn, int } from './validation.js';

/**
 * The platform ledger and the finance reports (ADR 0031): every change record of every agent and account,
 * the daily cash report, the liabilities check, the monthly network-income report and the per-agent statement. All
 * figures are integer fen inside and yuan on the wire; every total is summed by the server from the records.
 */

export const FINANCE_REPORT_MESSAGES = {
  dateInvalid: '日期格式有误，请按 年-月-日 选择',
  monthInvalid: '月份格式有误，请按 年-月 选择',
  rangeRequired: '请选择开始和结束日期',
  rangeInverted: '开始日期不能晚于结束日期，请重新选择',
  rangeTooLong: '日期范围不能超过92天，请缩短后重试',
  keywordTooLong: '关键词不能超过32个字',
  codeTooLong: '单号不能超过40个字',
  changeNameUnknown: '没有这个变动类型，请从列表中选择',
  agentNotFound: '代理商不存在，请重新选择',
  exportTooMany: '符合条件的记录超过10000条，请缩小日期范围后再导出',
} as const;
const M = FINANCE_REPORT_MESSAGES;

/** The ledger's accounts (spec 3 §9, ADR 0017): the column each moves is in the api's ledger kernel. */
export const LEDGER_ACCOUNTS = ['store', 'totalScore', 'frozen', 'apply', 'bond', 'award', 'integral'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const LEDGER_ACCOUNT_NAMES: Readonly<Record<LedgerAccount, string>> = {
  store: '货款',
  totalScore: '总分',
  frozen: '冻结货款',
  apply: '提现中',
  bond: '合规金',
  award: '冻结收益',
  integral: '积分',
};
/** The money accounts (points are no money: the liabilities and the cash report leave them out). */
export const MONEY_ACCOUNTS = ['store', 'totalScore', 'frozen', 'apply', 'bond', 'award'] as const satisfies readonly LedgerAccount[];

/** The codes written on the accounts that have no record screen of their own (spec 3 §9 codes, ADR 0017). */
const OWN_NAMES: Partial<Record<LedgerAccount, Readonly<Record<number, string>>>> = {
  frozen: { [FUNDS_CHANGE.storeFrozen]: '货款冻结', [STORE_CHANGE.frozenTransfer]: '冻结货款解冻', [STORE_CHANGE.manualAdd]: '手动增加' },
  bond: { [BOND_CHANGE.paid]: '缴纳合规金', [BOND_CHANGE.refunded]: '合规金退还' },
  apply: { [INCOME_CHANGE.withdrawalExpense]: '提现', [INCOME_CHANGE.withdrawalFailed]: '提现驳回' },
  award: {
    [INCOME_CHANGE.salesIncome]: '销售收益（差价）',
    [INCOME_CHANGE.recruitmentIncome]: '招募收益',
    [INCOME_CHANGE.orderCancelledAdd]: '订单关闭收益作废',
  },
};

/** The name of a change code of any ledger account: never the bare number (「提现手续费」, not 「221」). */
export function ledgerChangeName(account: string, code: number): string {
  const own = OWN_NAMES[account as LedgerAccount];
  if (own) return own[code] ?? '其他';
  if (account === 'store' || account === 'totalScore' || account === 'integral') {
    // The withdrawal fee reads as what it is on the finance screens.
    if (account === 'totalScore' && code === INCOME_CHANGE.fee) return '提现手续费';
    return changeName(account, code);
  }
  return '其他';
}

const codesOf = (o: Readonly<Record<string, number>>) => [...new Set(Object.values(o))];
/** Every (account, code) pair the server writes, with its name: the 资金流水 filter's choices. */
export const LEDGER_CODE_CATALOG: readonly { account: LedgerAccount; code: number; name: string }[] = [
  ...codesOf(STORE_CHANGE).map((code) => ({ account: 'store' as const, code })),
  ...codesOf(INCOME_CHANGE).map((code) => ({ account: 'totalScore' as const, code })),
  ...codesOf(POINTS_CHANGE).map((code) => ({ account: 'integral' as const, code })),
  ...(['frozen', 'bond', 'apply', 'award'] as const).flatMap((account) => Object.keys(OWN_NAMES[account] ?? {}).map((code) => ({ account, code: Number(code) }))),
].map((c) => ({ ...c, name: ledgerChangeName(c.account, c.code) }));

/** The distinct change names (a name may stand for codes of several accounts, e.g. 「手动增加」). */
export const LEDGER_CHANGE_NAMES: readonly string[] = [...new Set(LEDGER_CODE_CATALOG.map((c) => c.name))];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const dayIn = z.string({ error: M.rangeRequired }).check(z.trim(), z.refine(validDay, M.dateInvalid));
const optionalDay = z.optional(z.nullable(z.string().check(z.trim(), z.refine((v) => v === '' || validDay(v), M.dateInvalid))));
const text = (max: number, message: string) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message))));
// The legacy key 'income' of the 总分 is still accepted (accountKeyOf).
const optionalAccount = z.optional(z.nullable(z.pipe(z.transform(accountKeyOf), z.enum(LEDGER_ACCOUNTS, { error: '请选择账户' }))));

/** Days between two 'YYYY-MM-DD' (both included). */
export const daysInRange = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
export const REPORT_MAX_DAYS = 92;
const rangeOf = (v: unknown) => v as { from: string; to: string };
/* @__NO_SIDE_EFFECTS__ */
function withRange<S extends Record<string, z.ZodMiniType>>(shape: S) {
  return z.object({ ...shape, from: dayIn, to: dayIn }).check(
    z.refine((v) => rangeOf(v).from <= rangeOf(v).to, { message: M.rangeInverted, path: ['to'] }),
    z.refine((v) => rangeOf(v).from > rangeOf(v).to || daysInRange(rangeOf(v).from, rangeOf(v).to) <= REPORT_MAX_DAYS, { message: M.rangeTooLong, path: ['to'] }),
  );
}
const rangeIn = withRange({});

// ---- 1. 资金流水 ----

export const ledgerFiltersIn = z.object({
  phonePage: phonePageIn,
  /** Agent name or phone (part of it). */
  keyword: text(32, M.keywordTooLong),
  account: optionalAccount,
  /** A change name from LEDGER_CHANGE_NAMES (every account's codes of that name, or the chosen account's). */
  changeName: z.optional(z.nullable(z.string().check(z.trim(), z.refine((v) => v === '' || LEDGER_CHANGE_NAMES.includes(v), M.changeNameUnknown)))),
  /** China-time days, both included. */
  from: optionalDay,
  to: optionalDay,
  /** Order or subject code (withdrawal, top-up, deposit code …), exact. */
  code: text(40, M.codeTooLong),
});

export const ledgerRow = z.object({
  id: int(),
  createdAt: z.string(),
  agentId: int(),
  agentName: z.string(),
  phone: z.string(),
  account: z.string(),
  accountName: z.string(),
  changeState: int(),
  changeName: z.string(),
  /** Yuan text for money ('-12.30'), whole points for points ('-5'). */
  amount: z.string(),
  balanceAfter: z.string(),
  orderCode: z.string(),
  remark: z.string(),
});

export const selectLedgerRecords = defineOp({
  name: 'selectLedgerRecords',
  path: '/api/staff/selectLedgerRecords.do',
  auth: 'staff',
  input: ledgerFiltersIn,
  // ADR 0048: total is counted up to LEDGER_COUNT_CAP; totalCapped says more records match (the console shows 10000+).
  output: z.object({ objs: z.array(ledgerRow), obj: z.object({ phonePage: phonePageOut, total: z.number(), totalCapped: z.boolean() }) }),
});

/** The most records the 资金流水 screen counts (ADR 0048); a narrower filter (dates, an agent) gives the exact count. */
export const LEDGER_COUNT_CAP = 10_000;

const fileOut = z.object({ obj: z.object({ fileName: z.string(), base64: z.string(), rows: int() }) });

/** The filtered records (at most 10000) as XLSX; phonePage is ignored. */
export const exportLedgerRecords = defineOp({
  name: 'exportLedgerRecords',
  path: '/api/staff/exportLedgerRecords.do',
  auth: 'staff',
  input: ledgerFiltersIn,
  output: fileOut,
});

// ---- 2. daily cash report ----

/** store_order: consumers' VD orders of the agents' stores (ADR 0038), paid to headquarters by WeChat. */
export const CASH_SUBJECT_NAMES = { order: '订单', recharge: '首充', upgrade: '升级', bond: '合规金', store_order: '店铺订单' } as const;
export type CashSubject = keyof typeof CASH_SUBJECT_NAMES;
const bySubject = z.object({ order: yuanOut, recharge: yuanOut, upgrade: yuanOut, bond: yuanOut, store_order: yuanOut });

export const cashDay = z.object({
  /** China-time day 'YYYY-MM-DD'; the totals row says '合计'. */
  day: z.string(),
  wechatIn: bySubject,
  /** Offline money approved that day, by what it paid. */
  offlineIn: bySubject,
  /** Offline money approved that day, by the platform's receiving account. */
  offlineByAccount: z.array(z.object({ account: z.string(), amount: yuanOut })),
  moneyIn: yuanOut,
  /** Withdrawals paid: what reached the agents (amount − fee). */
  withdrawalsPaid: yuanOut,
  /** Refunds by method: WeChat refunds that succeeded, deposit refunds paid by bank transfer. */
  refundsWechat: yuanOut,
  refundsDeposit: yuanOut,
  moneyOut: yuanOut,
  /** Fees kept: the fee of withdrawals paid that day. */
  feesKept: yuanOut,
  /** Deposits held at the day's end (the deposit ledger up to then). */
  depositsHeld: yuanOut,
});

export const selectCashReport = defineOp({
  name: 'selectCashReport',
  path: '/api/staff/selectCashReport.do',
  auth: 'staff',
  input: rangeIn,
  output: z.object({ objs: z.array(cashDay), obj: z.object({ total: cashDay }) }),
});

export const exportCashReport = defineOp({
  name: 'exportCashReport',
  path: '/api/staff/exportCashReport.do',
  auth: 'staff',
  input: rangeIn,
  output: fileOut,
});

/** The dashboard's money of today (China day), for roles that see money (finance, admin). */
export const selectCashToday = defineOp({
  name: 'selectCashToday',
  path: '/api/staff/selectCashToday.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: z.object({ day: z.string(), moneyIn: yuanOut, moneyOut: yuanOut, feesKept: yuanOut, depositsHeld: yuanOut }) }),
});

// ---- 3. liabilities ----

export const liabilityRow = z.object({
  account: z.string(),
  accountName: z.string(),
  /** The sum of the agents' balances now. */
  balances: yuanOut,
  /** The same sum recomputed from the change records. */
  records: yuanOut,
  difference: yuanOut,
  /** Agents whose balance differs from their records (first 20). */
  agents: z.array(z.object({ agentId: int(), agentName: z.string(), phone: z.string(), balance: yuanOut, records: yuanOut })),
});

export const selectLiabilities = defineOp({
  name: 'selectLiabilities',
  path: '/api/staff/selectLiabilities.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({
    objs: z.array(liabilityRow),
    obj: z.object({ at: z.string(), consistent: z.boolean(), verdict: z.string(), total: yuanOut }),
  }),
});

// ---- 4. monthly network income ----

const monthIn = z.object({ month: z.string({ error: M.monthInvalid }).check(z.trim(), z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.monthInvalid)) });

export const incomeRow = z.object({
  agentId: int(),
  agentName: z.string(),
  phone: z.string(),
  /** Earned this month (frozen when earned): price difference (销售收益) and recruitment (招募收益). */
  earnedSales: yuanOut,
  earnedRecruitment: yuanOut,
  /** Retail income of the agent's store (spec 3 §9 code 16, ADR 0038), frozen when earned. */
  earnedRetail: yuanOut,
  /** Released into the 总分 this month. */
  released: yuanOut,
  /** Voided this month (the order closed before release). */
  voided: yuanOut,
  /** Still frozen at the month's end. */
  frozenAtEnd: yuanOut,
  /** Clawed back from the 总分 this month (spec 3 §9 codes 23 / 24). */
  clawedBack: yuanOut,
});

export const selectIncomeReport = defineOp({
  name: 'selectIncomeReport',
  path: '/api/staff/selectIncomeReport.do',
  auth: 'staff',
  input: monthIn,
  output: z.object({ objs: z.array(incomeRow), obj: z.object({ total: z.omit(incomeRow, { agentId: true, agentName: true, phone: true }) }) }),
});

export const exportIncomeReport = defineOp({
  name: 'exportIncomeReport',
  path: '/api/staff/exportIncomeReport.do',
  auth: 'staff',
  input: monthIn,
  output: fileOut,
});

// ---- 5. per-agent statement ----

const statementIn = withRange({ agentId: idIn(M.agentNotFound) });

export const statementAccount = z.object({
  account: z.string(),
  accountName: z.string(),
  /** Money in yuan text, points whole. */
  opening: z.string(),
  closing: z.string(),
  totalIn: z.string(),
  totalOut: z.string(),
  movements: z.array(
    z.object({ id: int(), createdAt: z.string(), changeState: int(), changeName: z.string(), amount: z.string(), balanceAfter: z.string(), orderCode: z.string(), remark: z.string() }),
  ),
});

export const selectAgentStatement = defineOp({
  name: 'selectAgentStatement',
  path: '/api/staff/selectAgentStatement.do',
  auth: 'staff',
  input: statementIn,
  output: z.object({
    obj: z.object({ agentId: int(), agentName: z.string(), phone: z.string(), agentCode: z.string(), from: z.string(), to: z.string() }),
    objs: z.array(statementAccount),
  }),
});

export const exportAgentStatement = defineOp({
  name: 'exportAgentStatement',
  path: '/api/staff/exportAgentStatement.do',
  auth: 'staff',
  input: statementIn,
  output: fileOut,
});
