import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { signedYuanToFen } from './fen.js';
import { accountKeyOf } from './ledger-names.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { boolIn, formInOrder, idempotencyKeyIn, idIn, int, intIn, required } from './validation.js';

/**
 * Agents in the staff console (ADR 0020) and the audit trail's search (item 3). Roles in the server's one
 * permission table (ADR 0020); every write is audited in its own transaction.
 */

export const STAFF_AGENT_MESSAGES = {
  agentNotFound: '代理商不存在',
  gradeNotFound: '等级不存在',
  accountRequired: '请选择调整的账户',
  amountRequired: '请输入调整数额',
  amountInvalid: '请输入正确的金额（最多两位小数，减少请输入负数）',
  pointsInvalid: '积分须为整数（减少请输入负数）',
  amountZero: '调整数额不能为0',
  reasonRequired: '请输入原因',
  reasonTooLong: '原因不能超过200个字',
  enabledRequired: '请选择启用或禁用',
  gradeRequired: '请选择等级',
  sameGrade: '代理商已是该等级',
  gradeChanged: '代理商等级已变化，请刷新后重试',
  storeTooLow: '货款余额不足，无法减少该数额',
  totalScoreTooLow: '总分收入余额不足，无法减少该数额',
  integralTooLow: '积分不足，无法减少该数额',
  loginDisabled: '该账号已被禁止登录，请联系客服',
  alreadyEnabled: '该代理商已可登录',
  alreadyDisabled: '该代理商已被禁止登录',
  /** ADR 0026: the deposit waiver and the reactivation after a full refund. */
  bondNotDue: '该代理商当前无需缴纳合规金',
  alreadyActive: '该代理商未退保停用，无需恢复',
  keywordTooLong: '关键词不能超过32个字',
  dateInvalid: '日期格式有误',
} as const;
const M = STAFF_AGENT_MESSAGES;

/** The three balances staff adjust by hand: goods fund (lastStore), total score (laveIncome), points (laveIntegral). */
export const ADJUSTABLE_ACCOUNTS = ['store', 'totalScore', 'integral'] as const;
export type AdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];
export const ACCOUNT_NAMES: Readonly<Record<AdjustableAccount, string>> = { store: '货款余额', totalScore: '总分收入', integral: '积分' };

/** The audit's detail of a balance adjustment names the account (the trail reads points from it). */
export const adjustmentDetail = (a: AdjustableAccount) => `账户：${ACCOUNT_NAMES[a]}`;

// The legacy key 'income' of the 总分 is still accepted (accountKeyOf).
const account = z.pipe(z.transform(accountKeyOf), z.enum(ADJUSTABLE_ACCOUNTS, { error: M.accountRequired }));
const accountOut = z.enum(ADJUSTABLE_ACCOUNTS);
const agentId = idIn(M.agentNotFound);
const reason = required(M.reasonRequired, z.maxLength(200, M.reasonTooLong));
const optionalId = z.optional(z.nullable(idIn()));

/** An adjustment's amount: yuan text with up to two decimals for money, whole points for points; negative reduces. */
export function adjustmentUnits(accountName: AdjustableAccount, amount: string): number | string {
  const text = amount.trim();
  let units: number;
  if (accountName === 'integral') {
    // The sign directly before the digits, as for money: " - 5" is no number of points.
    if (!/^-?\d{1,9}$/.test(text)) return M.pointsInvalid;
    units = Number(text);
  } else {
    // The console's one strict amount parse (money.ts yuanAmount, signed): " - 5", "5.", "1e3" are refused.
    try {
      units = signedYuanToFen(text);
    } catch {
      return M.amountInvalid;
    }
  }
  if (units === 0) return M.amountZero;
  return units;
}

/** Whether each balance of an agent is nonzero (what the service desk may know, ADR 0025). */
export const agentBalanceFlags = z.object({
  store: z.boolean(),
  income: z.boolean(),
  integral: z.boolean(),
  bond: z.boolean(),
  frozen: z.boolean(),
});

/** The permission-table key (not an operation) of the roles that see agents' exact balances and ledgers (ADR 0025). */
export const AGENT_MONEY_PERMISSION = 'data:agent-money';

export const staffAgentRow = z.object({
  agentId: int(),
  agentName: z.string(),
  phone: z.string(),
  agentCode: z.string(),
  gradeId: int(),
  gradeName: z.string(),
  /** 0 not yet recharged, 1 active. */
  agentStatus: int(),
  /** Still in the network (false after the deposit was withdrawn). */
  isActive: z.boolean(),
  loginEnabled: z.boolean(),
  /**
   * Exact balances: only for roles that see the money (permission `data:agent-money`, ADR 0025); null for the others,
   * who read `hasBalance` instead.
   */
  lastStore: z.nullable(yuanOut),
  laveIncome: z.nullable(yuanOut),
  laveIntegral: z.nullable(int()),
  bondMoney: z.nullable(yuanOut),
  frozenStore: z.nullable(yuanOut),
  /** The summary every reader gets (ADR 0025): whether each balance is nonzero, never how much. */
  hasBalance: agentBalanceFlags,
  inviterName: z.string(),
  inviterPhone: z.string(),
  createdAt: z.string(),
});

export const searchAgents = defineOp({
  name: 'searchAgents',
  path: '/api/staff/searchAgents.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    /** Phone, name or agent code (part of it). */
    keyword: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, M.keywordTooLong)))),
    gradeId: optionalId,
    agentStatus: z.optional(z.nullable(intIn(undefined, z.minimum(0), z.maximum(1)))),
    loginEnabled: z.optional(z.nullable(boolIn())),
  }),
  output: staffListOut(staffAgentRow),
});

export const agentGrade = z.object({ id: int(), gradeName: z.string(), gradeLevel: int() });

/** The platform's grades, lowest first (filters and the grade change). */
export const selectAgentGrades = defineOp({
  name: 'selectAgentGrades',
  path: '/api/staff/selectAgentGrades.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(agentGrade) }),
});

const agentLink = z.object({ agentId: int(), agentName: z.string(), phone: z.string(), agentCode: z.string(), gradeName: z.string() });

/**
 * An agent picker for roles that hand something to an agent (trace codes) but may not look agents up (ADR 0025):
 * name, phone, code and grade of the first matches, nothing else.
 */
export const selectAgentOptions = defineOp({
  name: 'selectAgentOptions',
  path: '/api/staff/selectAgentOptions.do',
  auth: 'staff',
  input: z.object({ keyword: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, M.keywordTooLong)))) }),
  output: z.object({ objs: z.array(agentLink) }),
});

export const selectAgentDetail = defineOp({
  name: 'selectAgentDetail',
  path: '/api/staff/selectAgentDetail.do',
  auth: 'staff',
  input: z.object({ agentId }),
  output: z.object({
    obj: z.object({
      agent: z.extend(staffAgentRow, {
        wxNumber: z.string(),
        sex: int(),
        birthDate: z.string(),
        /** 1: buying waits for the compliance deposit. */
        needBond: z.boolean(),
        loginDisabledAt: z.nullable(z.string()),
        /** ADR 0026: when finance last waived the deposit due (null: never, or a later grade raised it again). */
        bondWaivedAt: z.nullable(z.string()),
        /** ADR 0026: when a full deposit refund took the agent out (isActive false); null while active. */
        deactivatedAt: z.nullable(z.string()),
        /** Null for roles without `data:agent-money` (ADR 0025). */
        applyIncome: z.nullable(yuanOut),
        frozenAward: z.nullable(yuanOut),
      }),
      counts: z.object({ orders: int(), invitees: int() }),
      recentOrders: z.array(
        z.object({ id: int(), orderCode: z.string(), circulationState: int(), actualMoney: yuanOut, createdAt: z.string() }),
      ),
      /** The inviter, the inviter's inviter, ... up to the top: nearest first. */
      inviterChain: z.array(agentLink),
    }),
  }),
});

export const agentChangeRow = z.object({
  id: int(),
  changeState: int(),
  changeName: z.string(),
  /** Yuan text for money ('-12.30'), whole points for points ('-5'). */
  amount: z.string(),
  balanceAfter: z.string(),
  orderCode: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});

export const selectAgentChanges = defineOp({
  name: 'selectAgentChanges',
  path: '/api/staff/selectAgentChanges.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, agentId, account }),
  output: staffListOut(agentChangeRow),
});

/** The agents an agent invited directly (one level of the invitation tree). */
export const selectAgentInvitees = defineOp({
  name: 'selectAgentInvitees',
  path: '/api/staff/selectAgentInvitees.do',
  auth: 'staff',
  input: z.object({ agentId }),
  output: z.object({ objs: z.array(z.extend(agentLink, { invitees: int() })) }),
});

export const adjustAgentBalance = defineOp({
  name: 'adjustAgentBalance',
  path: '/api/staff/adjustAgentBalance.do',
  auth: 'staff',
  input: z.pipe(
    formInOrder(
      z.object({
        agentId,
        account,
        amount: z.pipe(
          z.union([z.string(), z.number()], { error: M.amountRequired }),
          z.transform((v) => String(v).trim()),
        ),
        reason,
        idempotencyKey: idempotencyKeyIn(),
      }),
      {
        amount: (v) => {
          const text = String(v.amount ?? '').trim();
          if (!text) return M.amountRequired;
          const units = adjustmentUnits(v.account as AdjustableAccount, text);
          return typeof units === 'string' ? units : null;
        },
      },
    ),
    z.transform((v) => ({ ...v, units: adjustmentUnits(v.account, v.amount) as number })),
  ),
  output: z.object({
    obj: z.object({ agentId: int(), account: accountOut, changeState: int(), amount: z.string(), balanceBefore: z.string(), balanceAfter: z.string() }),
  }),
  successMsg: '调整成功',
});

export const setAgentLoginEnabled = defineOp({
  name: 'setAgentLoginEnabled',
  path: '/api/staff/setAgentLoginEnabled.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentId, enabled: boolIn(M.enabledRequired), reason })),
  output: z.object({ obj: z.object({ agentId: int(), loginEnabled: z.boolean() }) }),
  successMsg: '操作成功',
});

export const changeAgentGrade = defineOp({
  name: 'changeAgentGrade',
  path: '/api/staff/changeAgentGrade.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentId, gradeId: idIn(M.gradeRequired), reason })),
  output: z.object({ obj: z.object({ agentId: int(), gradeId: int(), gradeName: z.string() }) }),
  successMsg: '等级已修改',
});

export const resetAgentPassword = defineOp({
  name: 'resetAgentPassword',
  path: '/api/staff/resetAgentPassword.do',
  auth: 'staff',
  // ADR 0024: staff choose no password; a one-time one goes by SMS to the agent, whose next login must set a new one.
  input: formInOrder(z.object({ agentId, reason })),
  /** phone: the agent's phone, masked, that the one-time password was sent to. */
  output: z.object({ obj: z.object({ agentId: int(), phone: z.string() }) }),
  successMsg: '一次性密码已短信发送给代理商，其下次登录须设置新密码',
});

/** ADR 0026: finance waives an agent's compliance deposit due (buying, withdrawing and transferring open), audited. */
export const waiveAgentBondDue = defineOp({
  name: 'waiveAgentBondDue',
  path: '/api/staff/waiveAgentBondDue.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentId, reason })),
  output: z.object({ obj: z.object({ agentId: int(), needBond: z.boolean() }) }),
  successMsg: '已免缴合规金',
});

/** ADR 0026: staff take back an agent a full deposit refund deactivated; the deposit falls due again, audited. */
export const reactivateAgent = defineOp({
  name: 'reactivateAgent',
  path: '/api/staff/reactivateAgent.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentId, reason })),
  output: z.object({ obj: z.object({ agentId: int(), isActive: z.boolean(), needBond: z.boolean() }) }),
  successMsg: '代理商已恢复',
});
