import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { wechatPayParams } from './payment.js';
import { offlineFields, receivingAccount } from './upgrade.js';
import { idempotencyKeyIn, idIn, int, intIn, optionalText, required } from './validation.js';

/**
 * spec 3 §2 Compliance deposit (/compliance, /bondPay, /returnBondMoney, /complianceDetail): pay the deposit (bond)
 * by offline voucher, WeChat or total score, then staff review; apply for its refund (type 1, all) or the return of
 * the excess (type 2, above the grade's rule amount), then staff review (ADR 0017). Identity from the session only.
 */

const ignoredId = z.optional(z.unknown());

/** spec 3 §9 Deposit payType: 1 offline voucher, 2 WeChat online, 3 total-split balance. */
export const BOND_PAY_TYPE = { offline: 1, wechat: 2, income: 3 } as const;
/** spec 3 §9 Bond return type. */
export const BOND_RETURN_TYPE = { all: 1, excess: 2 } as const;
/** spec 3 §4 Deposit review states, plus ours before review (as RECHARGE_STATE). */
export const BOND_STATE = { awaitingPayment: -1, pending: 0, passed: 1, rejected: 2, cancelled: 3 } as const;
/** Change codes of the deposit balance (account 'bond'); the spec names none: 1 paid in, 2 refunded. */
export const BOND_CHANGE = { paid: 1, refunded: 2 } as const;
/** spec 3 §3 bondStatus 3 = no deposit needed. */
export const BOND_STATUS = { due: 0, held: 1, notNeeded: 3 } as const;
/** spec 3 §4: cancelling a pending refund sends a rejection with this remark. */
export const SELF_WITHDRAWN = '自行撤回';

export const BOND_MESSAGES = {
  incomeShort: '您的总分余额不足',
  accountRequired: '请选择收款账户',
  remitNameRequired: '请输入打款账户名',
  remitNumberRequired: '请输入打款账户',
  vouchersRequired: '请上传打款凭证',
  remarkTooLong: '备注不能超过30个字',
  payTypeRequired: '请选择支付方式',
  amountChanged: '合规金金额有误，请刷新后重试',
  rechargeFirst: '请先充值货款后再缴纳合规金',
  notDue: '您当前无需缴纳合规金',
  pendingExists: '您有正在审核中的合规金申请，请等待审核结果',
  noDeposit: '您当前没有可退还的合规金',
  noExcess: '您的合规金未超过等级标准，无可退还的超出部分',
  returnTypeRequired: '请选择退还类型',
  refundPending: '您有正在审核中的退还申请',
  noPendingRefund: '没有待审核的退还申请',
  notFound: '申请不存在',
  notPayable: '该申请已支付或已关闭',
  stale: '页面缓存，请退出重进',
  refundAllConfirm: '退还全部合规金后，需重新缴纳合规金才能继续购买，确认提交申请？',
  confirmSubmit: '确认提交申请？',
} as const;

export const BOND_REMARK_MAX = 30;

export const bondMoneyInit = defineOp({
  name: 'bondMoneyInit',
  path: '/api/bond/bondMoneyInit.do',
  auth: 'agent',
  input: z.object({ id: ignoredId, platId: optionalText(64) }),
  output: z.object({
    obj: z.object({
      bondMoney: yuanOut,
      gradeName: z.string(),
      /** 3: no deposit needed; 0 due; 1 held. */
      bondStatus: int(),
      ruleBondMoney: yuanOut,
      /** What is due now (the rule amount less what is held), 0 when nothing is. */
      gradeBond: yuanOut,
      /** 1: a payment is under review. */
      bondStatusFlg: int(),
      /** 1: a refund is pending. */
      returnBondCheckState: int(),
      /** The return type 2 would pay back (above the rule amount). */
      excessBondMoney: yuanOut,
      isNeedBondStatus: int(),
      agentStatus: int(),
      laveIncome: yuanOut,
      /** Rejection reason of the newest payment, when rejected. */
      checkRemark: z.string(),
    }),
  }),
});

export const returnBondMoneyReject = defineOp({
  name: 'returnBondMoneyReject',
  path: '/api/bond/returnBondMoneyReject.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), agentId: ignoredId, checkSuId: ignoredId, checkSuName: ignoredId, checkRemark: optionalText(30) }),
  output: z.object({ obj: z.object({ id: int(), checkState: int() }) }),
  successMsg: '撤回成功',
});

export const selectPayWay = defineOp({
  name: 'selectPayWay',
  path: '/api/bond/selectPayWay.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  /** type: 1 online, 2 total-split balance, 3 (excluded by the picker), 4 offline by voucher. */
  output: z.object({ objs: z.array(z.object({ type: int(), payTypeName: z.string(), lineOrderVoucher: int() })) }),
});

export const selectBaseOfflinePayAccountByApgId = defineOp({
  name: 'selectBaseOfflinePayAccountByApgId',
  path: '/api/bond/selectBaseOfflinePayAccountByApgId.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), agentId: ignoredId, accountBelongType: ignoredId }),
  output: z.object({ objs: z.array(receivingAccount) }),
});

export const bondPayIn = z.object({
  platId: optionalText(64),
  agentId: ignoredId,
  userId: ignoredId,
  userName: ignoredId,
  /** What the screen showed; refused when the amount due differs. */
  bondMoney: yuanAmount(BOND_MESSAGES.amountChanged),
  payType: z.pipe(
    intIn(BOND_MESSAGES.payTypeRequired),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: BOND_MESSAGES.payTypeRequired }),
  ),
  ...offlineFields(BOND_REMARK_MAX, BOND_MESSAGES.remarkTooLong),
  idempotencyKey: idempotencyKeyIn(),
});

const bondSubmitted = z.object({ id: int(), bondCode: z.string(), checkState: int(), payType: int(), bondMoney: yuanOut });

/** WeChat: records the payment application (awaiting its payment); then bondPrePay with attach = obj.id. */
export const payBondManageByWxPayBefore = defineOp({
  name: 'payBondManageByWxPayBefore',
  path: '/api/bond/payBondManageByWxPayBefore.do',
  auth: 'agent',
  input: bondPayIn,
  output: z.object({ obj: bondSubmitted }),
});

export const bondPrePay = defineOp({
  name: 'bondPrePay',
  path: '/api/bond/bondPrePay.do',
  auth: 'agent',
  input: z.object({ attach: idIn(BOND_MESSAGES.notFound), agentId: ignoredId, openId: optionalText(128), payMoney: z.optional(z.unknown()) }),
  output: z.object({ obj: wechatPayParams }),
});

/** Offline (payType 1) or total score (payType 3). */
export const payBondManage = defineOp({
  name: 'payBondManage',
  path: '/api/bond/payBondManage.do',
  auth: 'agent',
  input: bondPayIn,
  output: z.object({ obj: bondSubmitted }),
  successMsg: '提交成功，等待审核',
});

const returnTypeIn = z.pipe(
  intIn(BOND_MESSAGES.returnTypeRequired),
  z.union([z.literal(1), z.literal(2)], { error: BOND_MESSAGES.returnTypeRequired }),
);

/**
 * The refund screen's data and pre-check (spec 3 §5 Deposit refund): a refusal's msg is shown and stops; on success
 * obj.isConfirm 1 and obj.confirmMsg is the confirm text.
 */
export const applyWithdrawalBondInit = defineOp({
  name: 'applyWithdrawalBondInit',
  path: '/api/bond/applyWithdrawalBondInit.do',
  auth: 'agent',
  input: z.object({ agentId: ignoredId, platId: optionalText(64), bondReturnType: z.optional(returnTypeIn) }),
  output: z.object({
    obj: z.object({
      bondMoney: yuanOut,
      ruleBondMoney: yuanOut,
      excessBondMoney: yuanOut,
      /** What the chosen type pays back. */
      returnBondMoney: yuanOut,
      bondReturnType: int(),
      isConfirm: int(),
      confirmMsg: z.string(),
    }),
  }),
});

export const withdrawalBondManage = defineOp({
  name: 'withdrawalBondManage',
  path: '/api/bond/withdrawalBondManage.do',
  auth: 'agent',
  input: z.object({
    platId: optionalText(64),
    agentId: ignoredId,
    bondReturnType: returnTypeIn,
    /** What the screen showed; refused when the server's amount differs. */
    returnBondMoney: yuanAmount(BOND_MESSAGES.amountChanged),
    remark: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(BOND_REMARK_MAX, BOND_MESSAGES.remarkTooLong)))),
    /** The agent's own collection account (/eceiving). */
    accountId: z.optional(z.nullable(z.union([z.literal(''), idIn(BOND_MESSAGES.accountRequired)]))),
  }),
  output: z.object({ obj: z.object({ id: int(), bondReturnCode: z.string(), checkState: int(), returnBondMoney: yuanOut }) }),
  successMsg: '提交成功，等待审核',
});

const detailIn = z.object({
  platId: optionalText(64),
  agentId: ignoredId,
  /** -1 all, 0 pending, 1 passed, 2 rejected. */
  checkState: z._default(intIn(undefined, z.minimum(-1), z.maximum(2)), -1),
  phonePage: phonePageIn,
});

const record = {
  id: int(),
  createDate: z.string(),
  checkState: int(),
  checkRemark: z.string(),
  /** Signed image links joined by commas. */
  voucherImgUrl: z.string(),
};

export const selectBondDetail = defineOp({
  name: 'selectBondDetail',
  path: '/api/bond/selectBondDetail.do',
  auth: 'agent',
  input: detailIn,
  output: z.object({
    objs: z.array(z.object({ ...record, bondCode: z.string(), bondMoney: yuanOut, payType: int() })),
    obj: z.object({ phonePage: phonePageOut }),
  }),
});

export const selectReturnBondDetail = defineOp({
  name: 'selectReturnBondDetail',
  path: '/api/bond/selectReturnBondDetail.do',
  auth: 'agent',
  input: detailIn,
  output: z.object({
    objs: z.array(z.object({ ...record, bondReturnCode: z.string(), returnBondMoney: yuanOut, bondReturnType: int() })),
    obj: z.object({ phonePage: phonePageOut }),
  }),
});

/** spec 2 §7: the result page reads a deposit payment (HG serial) back. */
export const wxPaySuccessCallBackByBond = defineOp({
  name: 'wxPaySuccessCallBackByBond',
  path: '/api/agent/wxPaySuccessCallBackByBond.do',
  auth: 'agent',
  input: z.object({ serialNumber: required(BOND_MESSAGES.notFound, z.maxLength(64, BOND_MESSAGES.notFound)) }),
  output: z.object({
    obj: z.object({ id: int(), bondCode: z.string(), bondMoney: yuanOut, checkState: int(), wxPayState: z.nullable(int()) }),
  }),
});
