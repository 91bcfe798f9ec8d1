import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { intIn, int, optionalText } from './validation.js';

/**
 * What lies behind /total's 冻结金额 (ADR 0017): the agent's network income, one row per recruitment
 * reward or price difference, frozen until its release date, then released into the total score (or voided when its
 * order closed).
 */

/** 1 招募奖励 (a recruit's first top-up), 2 进货差价 (a lower agent's paid order), 3 零售收入 (a VD order of the agent's store, ADR 0038). */
export const FROZEN_INCOME_KIND = { recruit: 1, priceDifference: 2, retail: 3 } as const;
export const FROZEN_INCOME_KIND_TEXT: Record<number, string> = { 1: '招募奖励', 2: '进货差价', 3: '零售收入' };
/** The rows' state: 0 frozen, 1 released into the total score, 2 voided (its order closed before receipt). */
export const FROZEN_INCOME_STATE_TEXT: Record<number, string> = { 0: '冻结中', 1: '已解冻', 2: '已作废' };

export const frozenIncomeItem = z.object({
  id: int(),
  kind: int(),
  amount: yuanOut,
  /** The lower agent whose order or first top-up earned it. */
  fromAgentName: z.string(),
  /** The order code (price difference) or the top-up code (recruitment). */
  sourceCode: z.string(),
  state: int(),
  /** China date (yyyy-MM-dd) it is released; null while its order is not yet received. */
  releaseDate: z.nullable(z.string()),
  /** Why there is no date yet, e.g. 「确认收货后7天解冻」. */
  releaseHint: z.string(),
  createDate: z.string(),
  /** When it was released or voided (China time); null while frozen. */
  settledDate: z.nullable(z.string()),
});
export type FrozenIncomeItem = z.output<typeof frozenIncomeItem>;

export const selFrozenIncomeRecords = defineOp({
  name: 'selFrozenIncomeRecords',
  path: '/api/agentAccount/selFrozenIncomeRecords.do',
  auth: 'agent',
  input: z.object({
    agentId: z.optional(z.nullable(intIn())),
    platId: optionalText(64),
    /** 0 frozen (default), 1 history: released or voided. */
    tab: z.optional(z.nullable(z.pipe(intIn('查询类型有误'), z.union([z.literal(0), z.literal(1)], { error: '查询类型有误' })))),
    phonePage: phonePageIn,
  }),
  output: z.object({
    objs: z.array(frozenIncomeItem),
    obj: z.object({ frozenMoney: yuanOut, phonePage: phonePageOut }),
  }),
});
