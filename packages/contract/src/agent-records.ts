import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { idIn, int } from './validation.js';

/**
 * The money records of one agent in the console's agent detail (ADR 0033): top-ups and upgrades, withdrawals,
 * deposit payments and refunds, collection accounts. One row shape for the four tabs, amounts in yuan, times China
 * time, states in words; server-paged, newest first. Finance and admin (the money, ADR 0025).
 */
export const AGENT_RECORD_KINDS = ['recharges', 'withdrawals', 'bonds', 'accounts', 'frozen'] as const;
export type AgentRecordKind = (typeof AGENT_RECORD_KINDS)[number];

export const AGENT_RECORD_KIND_NAMES: Readonly<Record<AgentRecordKind, string>> = {
  recharges: '充值与升级',
  withdrawals: '提现',
  bonds: '保证金',
  accounts: '收款账户',
  frozen: '冻结货款',
};

export const agentRecordRow = z.object({
  id: int(),
  /** The record's code: top-up, withdrawal, deposit code; the account's number for an account. */
  code: z.string(),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  createdAt: z.string(),
  /** 首充 / 升级 / 缴纳 / 退还 / 提现 / 银行卡 … */
  typeText: z.string(),
  /** Yuan, '' for an account. */
  amount: z.string(),
  /** The withdrawal fee in yuan, '' elsewhere. */
  fee: z.string(),
  /** 待审核 / 已通过 / 已驳回 / 待打款 / 已打款 / 默认 / 已删除 … */
  stateText: z.string(),
  decidedAt: z.string(),
  /** Rejection reason or remark. */
  reason: z.string(),
  /** The money's way in words: paid by / paid to (bank, name, account) or how it was paid. */
  account: z.string(),
  /** The bank payout reference, '' when none. */
  reference: z.string(),
});
export type AgentRecordRow = z.infer<typeof agentRecordRow>;

export const selectAgentMoneyRecords = defineOp({
  name: 'selectAgentMoneyRecords',
  path: '/api/staff/selectAgentMoneyRecords.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, agentId: idIn('代理商不存在，请返回列表重新选择'), kind: z.enum(AGENT_RECORD_KINDS, { error: '请选择记录类型' }) }),
  output: staffListOut(agentRecordRow),
});
