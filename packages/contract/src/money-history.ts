import * as z from 'zod/mini';
import { yuanOut, yuanToFen } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { formInOrder, idIn, int } from './validation.js';

/**
 * ADR 0030: every money item before and after its decision. The five review queues (offline order payments, first
 * top-ups and upgrades, withdrawals, deposit payments, deposit refunds) as one history list with tabs, filters, server
 * paging and an XLSX export; withdrawals paid in a batch (a bank batch-payment file out, the bank's result file in).
 * Money in fen inside, yuan on the wire; dates 'YYYY-MM-DD' in China time, both days included.
 */

export const MONEY_QUEUES = ['offline', 'recharge', 'withdrawal', 'bond', 'bondReturn'] as const;
export type MoneyQueue = (typeof MONEY_QUEUES)[number];
export const MONEY_QUEUE_NAMES: Readonly<Record<MoneyQueue, string>> = {
  offline: '线下支付',
  recharge: '首充与升级',
  withdrawal: '提现',
  bond: '保证金缴纳',
  bondReturn: '保证金退还',
};

export const MONEY_TABS = ['pending', 'approved', 'rejected'] as const;
export type MoneyTab = (typeof MONEY_TABS)[number];
/** The tabs as each queue names them (withdrawals are paid, not approved). */
export function moneyTabName(queue: MoneyQueue, tab: MoneyTab): string {
  if (queue === 'withdrawal') return { pending: '待打款', approved: '已打款', rejected: '已驳回' }[tab];
  return { pending: '待审核', approved: '已通过', rejected: '已驳回' }[tab];
}

export const MONEY_HISTORY_MESSAGES = {
  queueInvalid: '请选择审核类型',
  tabInvalid: '请选择状态',
  keywordTooLong: '代理商姓名或手机号不能超过20个字',
  codeTooLong: '单号不能超过40位',
  amountInvalid: '请输入正确的金额（元，最多两位小数）',
  amountOrder: '最高金额不能低于最低金额',
  dateInvalid: '日期格式应为YYYY-MM-DD',
  dateOrder: '结束日期不能早于开始日期',
  exportTooMany: '导出的记录不能超过10000条，请缩小筛选范围',
  selectWithdrawals: '请选择要打款的提现单',
  tooManySelected: '一次最多选择500笔提现单',
  notPending: '所选提现单中有已处理的，请刷新后重新选择',
  fileRequired: '请上传银行回单文件',
  fileType: '请上传CSV或XLSX格式的银行回单文件',
  fileEmpty: '文件中没有回单数据',
  fileTooManyRows: '一次最多导入2000行，请拆分文件后再上传',
  fileHeaders: '表头应包含：提现单号、状态、银行流水号（可选：失败原因、金额）',
  fileUnreadable: '文件无法读取，请用银行导出的回单重新上传',
} as const;
const M = MONEY_HISTORY_MESSAGES;

/** What the import did with one row of the bank's result file (ADR 0030). */
export const PAYOUT_ROW_RESULTS = {
  paid: '已打款',
  rejected: '已驳回，提现金额已退回代理商总分',
  unchanged: '已处理过，未改动',
  notFound: '找不到提现单',
  mismatch: '金额不符，未改动',
  badStatus: '状态应为“成功”或“失败”，未改动',
  referenceMissing: '缺少银行流水号，未改动',
  duplicate: '文件中重复出现，以第一行为准，未改动',
} as const;
export type PayoutRowResult = keyof typeof PAYOUT_ROW_RESULTS;

/** The bank batch-payment file's columns, and the result file's header titles the import looks for. */
export const PAYOUT_BATCH_HEADERS = ['提现单号', '收款账号', '收款户名', '开户行', '支行', '金额', '用途'] as const;
export const PAYOUT_RESULT_HEADERS = { code: '提现单号', status: '状态', reference: '银行流水号', reason: '失败原因', amount: '金额' } as const;
export const PAYOUT_IMPORT_MAX_ROWS = 2000;
export const PAYOUT_BATCH_MAX = 500;
export const MONEY_EXPORT_MAX_ROWS = 10_000;

const textFilter = (max: number, message: string, pattern?: RegExp) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message), ...(pattern ? [z.regex(pattern, message)] : [])))),
    z.transform((v) => v || undefined),
  );
const dateFilter = () => textFilter(10, M.dateInvalid, /^(\d{4}-\d{2}-\d{2})?$/);
const isYuan = (v: string | number) => {
  try {
    yuanToFen(v);
    return true;
  } catch {
    return false;
  }
};
const amountFilter = () =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], { error: M.amountInvalid }).check(z.refine((v) => v === '' || isYuan(v), M.amountInvalid)))),
    z.transform((v) => (v === '' || v === null || v === undefined ? undefined : yuanToFen(v))),
  );
const blankOr = (v: unknown) => v === undefined || v === null || v === '';

export const moneyHistoryFiltersIn = formInOrder(
  z.object({
    queue: z.enum(MONEY_QUEUES, { error: M.queueInvalid }),
    tab: z.enum(MONEY_TABS, { error: M.tabInvalid }),
    /** Part of the agent's name or phone. */
    keyword: textFilter(20, M.keywordTooLong),
    /** The item's code (order number, TX…, recharge or deposit code), whole or its beginning. */
    code: textFilter(40, M.codeTooLong),
    /** Yuan on the wire, fen after parsing; both ends included. */
    minAmount: amountFilter(),
    maxAmount: amountFilter(),
    /** Which time the date range filters: when it was submitted (default) or decided. */
    dateKind: z._default(z.enum(['submitted', 'decided']), 'submitted'),
    from: dateFilter(),
    to: dateFilter(),
    phonePage: phonePageIn,
  }),
  {
    maxAmount: (v) => {
      if (blankOr(v.minAmount) || blankOr(v.maxAmount)) return null;
      try {
        return Number(v.maxAmount) < Number(v.minAmount) ? M.amountOrder : null;
      } catch {
        return null;
      }
    },
    to: (v) => (typeof v.from === 'string' && typeof v.to === 'string' && v.from && v.to && v.to < v.from ? M.dateOrder : null),
  },
);

const account = z.object({ name: z.string(), number: z.string(), bank: z.string() });

export const moneyHistoryRow = z.object({
  id: int(),
  queue: z.enum(MONEY_QUEUES),
  code: z.string(),
  /** What the item is, in words: 首充 / 升级 V1→V2, the order's pay split, 提现, 缴纳, 退还. */
  kindText: z.string(),
  createDate: z.string(),
  agentId: int(),
  agentName: z.string(),
  agentPhone: z.string(),
  agentCode: z.string(),
  amount: yuanOut,
  /** Withdrawals: the fee kept and what arrives (amount − fee); 0 and the amount elsewhere. */
  fee: yuanOut,
  arrival: yuanOut,
  /** 1 offline, 2 WeChat, 3 total score; 0 when the item is no payment (withdrawals, deposit refunds). */
  payType: int(),
  /** The agent's side: the account the agent paid from (vouchers) or is paid into (withdrawals, deposit refunds). */
  agentAccount: z.nullable(account),
  /** Our receiving account for offline vouchers; null when we pay (withdrawals, deposit refunds) or WeChat took it. */
  platformAccount: z.nullable(account),
  voucherImgUrl: z.string(),
  remark: z.string(),
  checkState: int(),
  stateText: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.string(),
  reason: z.string(),
  payoutReference: z.string(),
});
export type MoneyHistoryRow = z.output<typeof moneyHistoryRow>;

/** One queue's items in one tab: pending oldest first (worked from the front), decided newest decision first. */
export const selectMoneyHistory = defineOp({
  name: 'selectMoneyHistory',
  path: '/api/staff/selectMoneyHistory.do',
  auth: 'staff',
  input: moneyHistoryFiltersIn,
  output: staffListOut(moneyHistoryRow),
});

const fileOut = z.object({ obj: z.object({ fileName: z.string(), base64: z.string(), rows: int() }) });

/** The filtered rows (at most MONEY_EXPORT_MAX_ROWS) as XLSX, with decided-by, decided-at, reason, payout reference. */
export const exportMoneyHistory = defineOp({
  name: 'exportMoneyHistory',
  path: '/api/staff/exportMoneyHistory.do',
  auth: 'staff',
  input: moneyHistoryFiltersIn,
  output: fileOut,
});

/** The selected 待打款 withdrawals as a bank batch-payment XLSX (PAYOUT_BATCH_HEADERS; 金额 = amount − fee). */
export const exportPayoutBatch = defineOp({
  name: 'exportPayoutBatch',
  path: '/api/staff/exportPayoutBatch.do',
  auth: 'staff',
  input: z.object({
    ids: z.array(idIn(M.selectWithdrawals), { error: M.selectWithdrawals }).check(z.minLength(1, M.selectWithdrawals), z.maxLength(PAYOUT_BATCH_MAX, M.tooManySelected)),
  }),
  output: fileOut,
});

export const payoutImportRow = z.object({
  /** The row number in the file (the header is row 1). */
  row: int(),
  code: z.string(),
  result: z.enum(Object.keys(PAYOUT_ROW_RESULTS) as [PayoutRowResult, ...PayoutRowResult[]]),
  msg: z.string(),
});
export type PayoutImportRow = z.output<typeof payoutImportRow>;

/**
 * Multipart, file part `0`: the bank's result file (CSV or XLSX) with 提现单号, 状态 (成功/失败), 银行流水号 and optional
 * 失败原因 and 金额. Each row pays or rejects its withdrawal once through the single review's flow; the answer says row by
 * row what happened, and the same file imported again changes nothing.
 */
export const importPayoutResults = defineOp({
  name: 'importPayoutResults',
  path: '/api/staff/importPayoutResults.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(payoutImportRow), obj: z.object({ rows: int(), paid: int(), rejected: int(), unchanged: int() }) }),
  successMsg: '导入完成',
});
