import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { wechatPayParams } from './payment.js';
import { idempotencyKeyIn, idIn, int, intIn, optionalText, required } from './validation.js';
import { phonePageIn, phonePageOut } from './paging.js';

/**
 * spec 3 §2 Upgrade (/upgrade, /offline): the first top-up of a new agent (agentStatus 0) and the grade upgrade, both
 * one application paid by total score, WeChat or offline with vouchers, then reviewed by staff (ADR 0017).
 * Identity comes from the session: agentId / platId in a payload are accepted for the legacy client and ignored.
 */

const ignoredId = z.optional(z.unknown());

/** spec 3 §9: submitted payType of an upgrade / top-up (the screen's 4 / 1 / 2 map to these). */
export const RECHARGE_PAY_TYPE = { offline: 1, wechat: 2, income: 3 } as const;

/** An application's gradeUpType (spec 3 §4): 1 the first top-up 首充 (首次进货), 2 an upgrade. */
export const GRADE_UP_TYPE = { first: 1, upgrade: 2 } as const;

/** Review states of an application (spec 3 §4 Recharge record checkState), plus our two before review. */
export const RECHARGE_STATE = {
  /** Waiting for its WeChat payment (not yet shown as a record). */
  awaitingPayment: -1,
  pending: 0,
  approved: 1,
  rejected: 2,
  /** Its WeChat payment was given up (wxPayFailCallBack, expiry): nothing was taken. */
  cancelled: 3,
} as const;

/** A WeChat refund's state as the agent's records carry it (refunds.state): 0 in progress, 1 done, 2 closed, 3 abnormal. */
export const RECHARGE_REFUND_TEXT: Readonly<Record<number, string>> = { 0: '退款中', 1: '已退款', 2: '退款失败，请联系客服', 3: '退款异常，请联系客服' };

/**
 * What a top-up / upgrade record truly is now (ADR 0025), one rule for the records screen and the pay result: a refund
 * wins over the review (a rejected WeChat payment is given back, so it reads 已退款 / 退款中, never as paid); a paid or
 * submitted application waiting for staff reads 审核中.
 */
export function rechargeRecordText(r: { checkState: number; refundState: number | null }): string {
  if (r.refundState !== null) return RECHARGE_REFUND_TEXT[r.refundState] ?? '退款中';
  const texts: Record<number, string> = { [RECHARGE_STATE.awaitingPayment]: '待支付', [RECHARGE_STATE.pending]: '审核中', [RECHARGE_STATE.approved]: '已充值', [RECHARGE_STATE.rejected]: '已失效', [RECHARGE_STATE.cancelled]: '已取消' };
  return texts[r.checkState] ?? '';
}

/** wxPayFailCallBack's answer when the payment had already gone through (notified first, or WeChat says so). */
export const PAID_UNDER_REVIEW_TEXT = '支付已成功，正在审核中';

/** spec 3 §4: upgradeApplyCheckState / rechargeCheckState as the screen reads them; 99 = none. */
export const UPGRADE_STATUS = { pending: 0, passed: 1, upgradeRejected: 3, rechargeRejected: 2, none: 99 } as const;

export const UPGRADE_MESSAGES = {
  incomeShort: '您的总分余额不足',
  accountRequired: '请选择收款账户',
  remitNameRequired: '请输入打款账户名',
  remitNumberRequired: '请输入打款账户',
  vouchersRequired: '请上传打款凭证',
  remarkTooLong: '备注不能超过200个字',
  remitNameTooLong: '打款账户名不能超过15个字',
  remitNumberTooLong: '打款账户不能超过25个字',
  payTypeRequired: '请选择支付方式',
  gradeRequired: '请选择代理等级',
  gradeNotHigher: '只能升级到更高的代理等级',
  notAllowed: '您暂不满足该等级的升级条件',
  pendingExists: '您有正在审核中的申请，请等待审核结果',
  amountChanged: '充值金额有误，请刷新后重试',
  notFound: '申请不存在',
  notPayable: '该申请已支付或已关闭',
  wechatUnbound: '您未绑定微信支付',
  methodClosed: '该支付方式暂未开启',
  stale: '页面缓存，请退出重进',
} as const;

export const REMARK_MAX = 200;

const gradeInfo = z.object({
  gradeId: int(),
  gradeName: z.string(),
  gradeLevel: int(),
  firstRechargeMoney: yuanOut,
  /** The grade's compliance deposit rule amount. */
  bondMoney: yuanOut,
});

/** spec 3 §3 rule item: singleMoney present = one-time restock of that amount, absent = recruit agents. */
export const upgradeRuleItem = z.object({
  id: int(),
  gradeId: int(),
  singleMoney: z.nullable(yuanOut),
  /** 1: the agent may apply by this rule now (higher grade, condition met, nothing pending). */
  isUpgrade: int(),
  returnRuleStr: z.string(),
  returnSuccessRuleStr: z.string(),
  /** A recruit rule (spec 3 §3): how many invited agents who made their first top-up it asks; null for a restock rule. */
  recruitCount: z.nullable(int()),
  /** A recruit rule: how many the agent has now (the progress 已推荐 n/m); null for a restock rule. */
  recruitedCount: z.nullable(int()),
});

export const selAgentUpgradeApplyInfo = defineOp({
  name: 'selAgentUpgradeApplyInfo',
  path: '/api/agent/selAgentUpgradeApplyInfo.do',
  auth: 'agent',
  input: z.object({ agentId: ignoredId, platId: optionalText(64) }),
  output: z.object({
    obj: z.object({
      agentName: z.string(),
      headImgUrl: z.string(),
      itemList: z.array(z.extend(gradeInfo, { gradeUpType: int(), resList: z.array(upgradeRuleItem) })),
      oldAgentGradeInfo: gradeInfo,
      status: z.object({
        agentStatus: int(),
        upgradeApplyCheckState: int(),
        rechargeCheckState: int(),
        checkRemark: z.string(),
        /** 1: first top-up (agentStatus 0), 2: upgrade. */
        gradeUpType: int(),
      }),
      agentUpgradeApplyInfoBo: z.nullable(z.object({ id: int(), checkState: int(), newGradeId: int(), checkRemark: z.string() })),
      agentRechargeApplyBo: z.nullable(
        z.object({ id: int(), rechargeCode: z.string(), checkState: int(), rechargeMoney: yuanOut, payType: int(), checkRemark: z.string() }),
      ),
    }),
  }),
});

export const selectAgentGradeNewByPlatId = defineOp({
  name: 'selectAgentGradeNewByPlatId',
  path: '/api/agent/selectAgentGradeNewByPlatId.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ objs: z.array(gradeInfo) }),
});

/** A platform receiving account (offline payment). */
export const receivingAccount = z.object({
  id: int(),
  accountClassify: int(),
  bankDicName: z.string(),
  subBankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  qrCodeImgUrl: z.string(),
  isDefault: int(),
});

export const selBaseOfflinePayAccount = defineOp({
  name: 'selBaseOfflinePayAccount',
  path: '/api/agent/selBaseOfflinePayAccount.do',
  auth: 'agent',
  input: z.object({ selAgentId: ignoredId, platId: optionalText(64), accountBelongType: ignoredId, selType: ignoredId }),
  /** obj.lineChargeVoucher 2: the remitter's name and account are required. */
  output: z.object({ objs: z.array(receivingAccount), obj: z.object({ lineChargeVoucher: int() }) }),
});

const payTypeIn = z.pipe(
  intIn(UPGRADE_MESSAGES.payTypeRequired),
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: UPGRADE_MESSAGES.payTypeRequired }),
);

/** The offline part of a payment form (spec 3 §5 Upgrade payment / Deposit payment); required-ness checked by the server. */
export const offlineFields = (remarkMax: number, remarkMessage: string) => ({
  accountId: z.optional(z.nullable(z.union([z.literal(''), idIn('请选择收款账户')]))),
  remitAccountName: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(15, UPGRADE_MESSAGES.remitNameTooLong)))),
  remitAccountNumber: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(25, UPGRADE_MESSAGES.remitNumberTooLong)))),
  /** Upload URLs joined by commas (or semicolons), at most 6. */
  voucherImgUrl: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000)))),
  remark: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(remarkMax, remarkMessage)))),
  payPassword: z.optional(z.nullable(z.string().check(z.regex(/^\d{6}$/, '请输入6位数字支付密码')))),
});

export const rechargeApplicationIn = z.object({
  agentUpgradeApplyInfoBo: z.optional(
    z.object({ newGradeId: z.optional(idIn(UPGRADE_MESSAGES.gradeRequired)), oldGradeId: ignoredId, isReturnUpgrade: ignoredId }),
  ),
  /** The grade applied for; the first top-up keeps the current grade. */
  newGradeId: z.optional(idIn(UPGRADE_MESSAGES.gradeRequired)),
  rechargeType: z.optional(z.unknown()),
  /** What the screen showed; refused when the server's amount differs. */
  rechargeMoney: yuanAmount(UPGRADE_MESSAGES.amountChanged),
  payType: payTypeIn,
  rechargeWay: z.optional(z.unknown()),
  ...offlineFields(REMARK_MAX, UPGRADE_MESSAGES.remarkTooLong),
  agentId: ignoredId,
  platId: optionalText(64),
  idempotencyKey: idempotencyKeyIn(),
});

const submitted = z.object({ id: int(), rechargeCode: z.string(), checkState: int(), payType: int(), rechargeMoney: yuanOut });

export const submitApplicationsForPersonal = defineOp({
  name: 'submitApplicationsForPersonal',
  path: '/api/agent/submitApplicationsForPersonal.do',
  auth: 'agent',
  input: rechargeApplicationIn,
  /** WeChat (payType 2): the application waits for its payment (storePrePay with obj.id). */
  output: z.object({ obj: submitted }),
  successMsg: '提交成功，等待审核',
});

/** The upgrade screen's 'you meet the upgrade conditions, confirm upgrade?': a recruit rule, nothing to pay. */
export const agentLevelUpApply = defineOp({
  name: 'agentLevelUpApply',
  path: '/api/agent/agentLevelUpApply.do',
  auth: 'agent',
  input: z.object({
    newGradeId: z.optional(idIn(UPGRADE_MESSAGES.gradeRequired)),
    agentUpgradeApplyInfoBo: z.optional(z.object({ newGradeId: z.optional(idIn(UPGRADE_MESSAGES.gradeRequired)) })),
    agentId: ignoredId,
    platId: optionalText(64),
  }),
  output: z.object({ obj: submitted }),
  successMsg: '申请成功，等待审核',
});

export const storePrePay = defineOp({
  name: 'storePrePay',
  path: '/api/agent/storePrePay.do',
  auth: 'agent',
  input: z.object({ rechargeId: idIn(UPGRADE_MESSAGES.notFound), agentId: ignoredId, openId: optionalText(128), payMoney: z.optional(z.unknown()) }),
  output: z.object({ obj: wechatPayParams }),
});

export const wxPayFailCallBack = defineOp({
  name: 'wxPayFailCallBack',
  path: '/api/agent/wxPayFailCallBack.do',
  auth: 'agent',
  input: z.object({ id: idIn(UPGRADE_MESSAGES.notFound) }),
  /** What happened (ADR 0025): checkState 3 cancelled ('已取消支付'); 0 or 1 the payment had gone through (PAID_UNDER_REVIEW_TEXT). */
  output: z.object({ obj: z.object({ id: int(), checkState: int(), paid: z.boolean() }) }),
});

/** spec 2 §7: the result page reads a top-up / upgrade (HK serial) back. */
export const wxPaySuccessCallBack = defineOp({
  name: 'wxPaySuccessCallBack',
  path: '/api/agent/wxPaySuccessCallBack.do',
  auth: 'agent',
  input: z.object({ serialNumber: required(UPGRADE_MESSAGES.notFound, z.maxLength(64, UPGRADE_MESSAGES.notFound)) }),
  output: z.object({
    objs: z.array(
      z.object({
        id: int(),
        rechargeCode: z.string(),
        rechargeMoney: yuanOut,
        checkState: int(),
        /** The WeChat payment: 0 pending, 1 paid, 2 closed, 3 failed, 4 refunded as late; null when not by WeChat. */
        wxPayState: z.nullable(int()),
        /** The refund of that payment (RECHARGE_REFUND_TEXT), null when none: a paid-then-refunded one is not "paid". */
        refundState: z.nullable(int()),
        /** rechargeRecordText: what the record is now. */
        stateText: z.string(),
      }),
    ),
  }),
});

/** A top-up record of /investRecord (spec 3 §3 Recharge record): first top-ups and upgrade top-ups of the agent. */
export const rechargeRecord = z.object({
  id: int(),
  rechargeCode: z.string(),
  rechargeMoney: yuanOut,
  /** 1 first top-up, 2 upgrade. */
  gradeUpType: int(),
  payType: int(),
  /** 0 pending review, 1 recharged, 2 expired/rejected (checkRemark says why). */
  checkState: int(),
  checkRemark: z.string(),
  createDate: z.string(),
  /** The refund of its WeChat payment (RECHARGE_REFUND_TEXT), null when none. */
  refundState: z.nullable(int()),
  /** rechargeRecordText: what the record is now (已退款 / 退款中 / 审核中 ...). */
  stateText: z.string(),
});

/** spec 3 §7 chargeRechargeAudit: the agent's own top-up records by checkState (-1 or nothing: all), newest first. */
export const chargeRechargeAudit = defineOp({
  name: 'chargeRechargeAudit',
  path: '/api/agent/chargeRechargeAudit.do',
  auth: 'agent',
  input: z.object({ checkState: z.optional(z.nullable(intIn())), phonePage: phonePageIn, agentId: ignoredId, platId: optionalText(64) }),
  output: z.object({ objs: z.array(rechargeRecord), obj: z.object({ phonePage: phonePageOut }) }),
});
