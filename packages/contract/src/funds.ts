import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { formInOrder, idempotencyKeyIn, idIn, int, intIn, mobile, optionalText } from './validation.js';
import { amountIn, changeTypeIn, TRANSFER_MESSAGES, TRANSFER_TYPE, WITHDRAW_MESSAGES } from './funds-rules.js';
import { collectionAccount } from './funds-accounts.js';

export * from './funds-rules.js';
export * from './funds-accounts.js';
export * from './frozen-income.js';

/**
 * The goods fund and the total score (spec 3 §2 Goods-payment balance, Total score; §7 calls). Identity comes from the
 * session: agentId / platId in a payload are accepted and ignored, or refused when they name another agent.
 */

/** Legacy identity fields: the server answers 无权执行此操作 when agentId is someone else's. */
const identity = { agentId: z.optional(z.nullable(intIn())), platId: optionalText(64) };
const paged = { ...identity, phonePage: phonePageIn };
const pageOut = z.object({ phonePage: phonePageOut });

// ---- goods fund (/loan, /amount, /income) ----

export const paymentPageOfPersonalInit = defineOp({
  name: 'paymentPageOfPersonalInit',
  path: '/api/agentAccount/paymentPageOfPersonalInit.do',
  auth: 'agent',
  input: z.object(identity),
  output: z.object({ obj: z.object({ lastStore: yuanOut, frozenStore: yuanOut }) }),
});

export const frozenRecord = z.object({
  id: int(),
  frozenMoney: yuanOut,
  /** What of this record may be thawed now (its release date has come). */
  thawMoney: yuanOut,
  frozenState: int(),
  releaseDate: z.string(),
  createDate: z.string(),
  remark: z.string(),
});

const frozenIn = z.object({ ...identity, agentGradeId: z.optional(z.nullable(intIn())), frozenState: z.optional(z.nullable(intIn())) });

/** Frozen total (frozenMoney) and what may be thawed now (thawMoney), with the records still frozen. */
export const selAgentStoreFrozenRecord = defineOp({
  name: 'selAgentStoreFrozenRecord',
  path: '/api/agentAccount/selAgentStoreFrozenRecord.do',
  auth: 'agent',
  input: frozenIn,
  output: z.object({ obj: z.object({ frozenMoney: yuanOut, thawMoney: yuanOut }), objs: z.array(frozenRecord) }),
});

/** Moves every record whose release date has come into the goods fund (changeState 14), once. */
export const thawAgentStoreFrozenRecord = defineOp({
  name: 'thawAgentStoreFrozenRecord',
  path: '/api/agentAccount/thawAgentStoreFrozenRecord.do',
  auth: 'agent',
  input: z.extend(frozenIn, { idempotencyKey: idempotencyKeyIn() }),
  output: z.object({ obj: z.object({ thawMoney: yuanOut, lastStore: yuanOut, frozenStore: yuanOut }) }),
  successMsg: '解冻成功',
});

export const changeRecord = z.object({
  id: int(),
  /** 1 income, 2 expense. */
  changeType: int(),
  changeState: int(),
  changeMoney: yuanOut,
  changeDate: z.string(),
  orderCode: z.string(),
  remark: z.string(),
});

export const selectBillOfGoods = defineOp({
  name: 'selectBillOfGoods',
  path: '/api/agentAccount/selectBillOfGoods.do',
  auth: 'agent',
  input: z.object({ ...paged, changeType: changeTypeIn }),
  output: z.object({ obj: z.object({ agentStoreChangeRecordlist: z.array(changeRecord), phonePage: phonePageOut }) }),
});

// ---- total score (/total, /totalSzRecord, /totalTxRecord) ----

export const selAgentApiAccountInfo = defineOp({
  name: 'selAgentApiAccountInfo',
  path: '/api/agentAccount/selAgentApiAccountInfo.do',
  auth: 'agent',
  input: z.object(identity),
  output: z.object({
    obj: z.object({
      laveIncome: yuanOut,
      /** Withdrawing: submitted withdrawals not yet paid out or refused. */
      applyIncome: yuanOut,
      /** Income from the network still frozen (ADR 0017). */
      allFrozenAwardMoney: yuanOut,
      /** 1: withdrawal is not open (tsMsg says why). */
      isCanTs: int(),
      tsMsg: z.string(),
      isNeedBondStatus: int(),
    }),
  }),
});

export const selAllAgentRewardChangeRecord = defineOp({
  name: 'selAllAgentRewardChangeRecord',
  path: '/api/agentAccount/selAllAgentRewardChangeRecord.do',
  auth: 'agent',
  input: z.object({ ...paged, changeType: changeTypeIn }),
  output: z.object({ objs: z.array(changeRecord), obj: pageOut }),
});

export const withdrawalRecord = z.object({
  id: int(),
  withdrawCode: z.string(),
  bondMoney: yuanOut,
  serviceCharge: yuanOut,
  factBondMoney: yuanOut,
  receiveBankName: z.string(),
  receiveSubBankName: z.string(),
  receiveAccountName: z.string(),
  receiveAccountNumber: z.string(),
  /** 0 withdrawing, 1 withdrawn, 2 expired (refused; checkRemark says why). */
  checkState: int(),
  checkRemark: z.string(),
  createDate: z.string(),
  checkDate: z.nullable(z.string()),
});

export const selAllAgentWithdrawCashApply = defineOp({
  name: 'selAllAgentWithdrawCashApply',
  path: '/api/agentAccount/selAllAgentWithdrawCashApply.do',
  auth: 'agent',
  /** checkState -1 or nothing: all. */
  input: z.object({ ...paged, checkState: z.optional(z.nullable(intIn())) }),
  output: z.object({ objs: z.array(withdrawalRecord), obj: pageOut }),
});

export const withdrawalRule = z.object({
  /** 0: the whole balance must be withdrawn. */
  isAllWithdraw: int(),
  minWithdrawMoney: yuanOut,
  /** Amounts are multiples of this (0: any). */
  baseMoney: yuanOut,
  /** A fraction: 0.006 is 0.6 %. */
  serviceChargeRatio: z.number(),
});

export const selAccountInfoAndCashRule = defineOp({
  name: 'selAccountInfoAndCashRule',
  path: '/api/agentAccount/selAccountInfoAndCashRule.do',
  auth: 'agent',
  input: z.object(identity),
  output: z.object({
    obj: z.object({
      laveIncome: yuanOut,
      baseWithdrawCashRuleBo: withdrawalRule,
      baseOfflinePayAccountlist: z.array(collectionAccount),
      isCanTs: int(),
      tsMsg: z.string(),
      isNeedBondStatus: int(),
    }),
  }),
});

const payPassword = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32))));
// ADR 0023: required on every money-moving submission.
const idempotencyKey = idempotencyKeyIn();

export const withdrawalInput = formInOrder(
  z.object({
    bondMoney: amountIn({ required: WITHDRAW_MESSAGES.amountRequired, pattern: WITHDRAW_MESSAGES.amountPattern, zero: WITHDRAW_MESSAGES.amountZero }),
    /** The collection account (receiveBankId in the legacy payload is accepted for it). */
    accountId: idIn(WITHDRAW_MESSAGES.accountRequired),
    /** What the form showed; refused when the server's differs. */
    serviceCharge: z.optional(z.nullable(z.union([z.string(), z.number()]))),
    payPassword,
    idempotencyKey,
    ...identity,
  }),
);

export const saveAgentWithdrawCashApply = defineOp({
  name: 'saveAgentWithdrawCashApply',
  path: '/api/agentAccount/saveAgentWithdrawCashApply.do',
  auth: 'agent',
  input: z.pipe(
    z.pipe(
      z.unknown(),
      z.transform((v) => {
        // receiveBankId was the legacy name of the chosen account.
        const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
        return o.accountId === undefined && o.receiveBankId !== undefined ? { ...o, accountId: o.receiveBankId } : o;
      }),
    ),
    withdrawalInput,
  ),
  output: z.object({ obj: withdrawalRecord }),
  successMsg: '提现申请已提交',
});

// ---- transfer (/totalZzApplay) ----

export const transferRecipient = z.object({
  toAgentId: int(),
  toAgentName: z.string(),
  /** Masked: 138****0004. */
  toAgentPhone: z.string(),
  toAgentCode: z.string(),
  toAgentGradeId: int(),
  toAgentGradeName: z.string(),
});

const transferAmount = amountIn({ required: TRANSFER_MESSAGES.amountRequired, pattern: TRANSFER_MESSAGES.amountPattern, zero: TRANSFER_MESSAGES.amountZero });

/** The recipient check before the '转款确认' dialog: msg is the confirm text. */
export const selAgentByPlatIdAndPhone = defineOp({
  name: 'selAgentByPlatIdAndPhone',
  path: '/api/agentAccount/selAgentByPlatIdAndPhone.do',
  auth: 'agent',
  input: formInOrder(z.object({ phone: mobile(TRANSFER_MESSAGES.phoneRequired), rechargeMoney: transferAmount, id: z.optional(z.nullable(intIn())), platId: optionalText(64) })),
  output: z.object({ obj: transferRecipient }),
});

export const transferInput = formInOrder(
  z.object({
    toAgentPhone: mobile(TRANSFER_MESSAGES.phoneRequired),
    rechargeMoney: transferAmount,
    transferType: z.pipe(
      z.union([z.literal(TRANSFER_TYPE.toTotalScore), z.literal(String(TRANSFER_TYPE.toTotalScore))], { error: TRANSFER_MESSAGES.typeRequired }),
      z.transform(() => TRANSFER_TYPE.toTotalScore),
    ),
    remark: z.pipe(z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200, TRANSFER_MESSAGES.remarkTooLong)))), z.transform((v) => v ?? '')),
    /** When sent (from selAgentByPlatIdAndPhone), it must still be the agent with that phone. */
    toAgentId: z.optional(z.nullable(intIn())),
    payPassword,
    idempotencyKey,
    ...identity,
  }),
);

export const transferRecord = z.object({ id: int(), transferCode: z.string(), rechargeMoney: yuanOut, toAgentName: z.string(), laveIncome: yuanOut });

export const saveAgentWithdrawOut = defineOp({
  name: 'saveAgentWithdrawOut',
  path: '/api/agentAccount/saveAgentWithdrawOut.do',
  auth: 'agent',
  input: transferInput,
  output: z.object({ obj: transferRecord }),
  successMsg: '转款成功',
});

