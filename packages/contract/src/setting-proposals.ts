import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { saveSettingInput, TWO_KEY_MESSAGES as M } from './settings-console.js';
import { boolIn, idIn, int } from './validation.js';

/** 四眼原则 (ADR 0032): money settings changed under two keys. */
/** A two-key setting proposal's state: 0 waiting for the second key, 1 passed, 2 rejected. */
export const PROPOSAL_STATE = { pending: 0, passed: 1, rejected: 2 } as const;
export const PROPOSAL_STATE_TEXT: Record<number, string> = { 0: '待复核', 1: '已通过', 2: '已驳回' };

/** One finance/admin member proposes a change of a two-key area; it takes effect when another approves. */
export const proposeSetting = defineOp({
  name: 'proposeSetting',
  path: '/api/staff/proposeSetting.do',
  auth: 'staff',
  input: saveSettingInput,
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '已提交，等待另一名财务或管理员复核',
});

export const settingProposal = z.object({
  id: int(),
  key: z.string(),
  keyName: z.string(),
  /** Before → after in words (labelled fields, yuan, percent). */
  before: z.string(),
  after: z.string(),
  state: int(),
  stateText: z.string(),
  proposedBy: z.string(),
  /** The member asking may not decide it (their own proposal). */
  mine: z.boolean(),
  decidedBy: z.string(),
  reason: z.string(),
  createDate: z.string(),
  decidedDate: z.nullable(z.string()),
});
export type SettingProposal = z.output<typeof settingProposal>;

export const selectSettingProposals = defineOp({
  name: 'selectSettingProposals',
  path: '/api/staff/selectSettingProposals.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(settingProposal) }),
});

/** Approve (the change is applied, if the area has not changed since) or reject (with a reason); once. */
export const decideSettingProposal = defineOp({
  name: 'decideSettingProposal',
  path: '/api/staff/decideSettingProposal.do',
  auth: 'staff',
  input: z.object({
    id: idIn(M.notFound),
    approve: boolIn(),
    reason: z._default(z.string().check(z.trim(), z.maxLength(80, '原因不能超过80个字')), ''),
  }),
  output: z.object({ obj: z.object({ id: int(), state: int(), stateText: z.string() }) }),
  successMsg: '已处理',
});
