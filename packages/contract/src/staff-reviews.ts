import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { REJECT_REASON_MAX, STAFF_MESSAGES } from './staff.js';
import { formInOrder, idIn, int } from './validation.js';

/**
 * Staff reviews of the paid subjects of ADR 0017: first top-ups and upgrades, deposit payments and deposit
 * refunds. Each list takes phonePage and answers objs oldest first; each review takes { id, approve, reason } like
 * reviewOfflinePayment (reason required when rejecting) and is audited.
 */

export const REVIEW_MESSAGES = {
  notFound: '申请不存在',
  stateChanged: '申请状态已变化，请刷新后重试',
  reasonRequired: STAFF_MESSAGES.reasonRequired,
  reasonTooLong: STAFF_MESSAGES.reasonTooLong,
  approveRequired: STAFF_MESSAGES.approveRequired,
  payoutTooLong: '打款流水号不能超过64个字',
  /** ADR 0027: the grade moved between the application and its approval (a staff change, another approval). */
  gradeChanged: '该代理等级已变更，请驳回后让代理重新申请',
  /** ADR 0027: a return of the excess no longer leaves the current grade's deposit rule amount in place. */
  excessChanged: '该代理的合规金规则已变更，退还后将低于当前等级的合规金标准，请驳回后让代理重新申请',
} as const;

const isApproval = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';
const decision = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')], {
    error: REVIEW_MESSAGES.approveRequired,
  }),
  z.transform((v) => v === true || v === 1 || v === 'true' || v === '1'),
);
const optionalTrimmed = (max: number, message: string) =>
  z.pipe(z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message)))), z.transform((v) => v ?? ''));

export const reviewIn = formInOrder(
  z.object({
    id: idIn(REVIEW_MESSAGES.notFound),
    approve: decision,
    /** Required when rejecting; the agent reads it as checkRemark. */
    reason: optionalTrimmed(REJECT_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
    /** A deposit refund paid out: the transfer's reference (optional). */
    payoutReference: optionalTrimmed(64, REVIEW_MESSAGES.payoutTooLong),
  }),
  {
    reason: (v) => (!isApproval(v.approve) && !(typeof v.reason === 'string' && v.reason.trim()) ? REVIEW_MESSAGES.reasonRequired : null),
  },
);

const listIn = z.object({ phonePage: phonePageIn });
const agentFields = { agentId: int(), agentName: z.string(), agentPhone: z.string(), agentCode: z.string() };
const receiving = {
  accountId: z.nullable(int()),
  receiveBankName: z.string(),
  receiveSubBankName: z.string(),
  receiveAccountName: z.string(),
  receiveAccountNumber: z.string(),
};
const paidFields = {
  ...receiving,
  remitAccountName: z.string(),
  remitAccountNumber: z.string(),
  /** Signed image links joined by commas. */
  voucherImgUrl: z.string(),
  remark: z.string(),
  /** 1 offline, 2 WeChat, 3 total score. */
  payType: int(),
  /** The WeChat serial when paid by WeChat. */
  paySerial: z.nullable(z.string()),
};
const paged = staffListOut;

export const pendingRecharge = z.object({
  id: int(),
  rechargeCode: z.string(),
  /** 1 first top-up, 2 upgrade. */
  gradeUpType: int(),
  oldGradeName: z.string(),
  newGradeName: z.string(),
  rechargeMoney: yuanOut,
  createDate: z.string(),
  ...agentFields,
  ...paidFields,
});

export const selectPendingRecharges = defineOp({
  name: 'selectPendingRecharges',
  path: '/api/staff/selectPendingRecharges.do',
  auth: 'staff',
  input: listIn,
  output: paged(pendingRecharge),
});

export const reviewRecharge = defineOp({
  name: 'reviewRecharge',
  path: '/api/staff/reviewRecharge.do',
  auth: 'staff',
  input: reviewIn,
  output: z.object({ obj: z.object({ id: int(), checkState: int() }) }),
  successMsg: '审核成功',
});

export const pendingBond = z.object({ id: int(), bondCode: z.string(), bondMoney: yuanOut, createDate: z.string(), ...agentFields, ...paidFields });

export const selectPendingBonds = defineOp({
  name: 'selectPendingBonds',
  path: '/api/staff/selectPendingBonds.do',
  auth: 'staff',
  input: listIn,
  output: paged(pendingBond),
});

export const reviewBondPayment = defineOp({
  name: 'reviewBondPayment',
  path: '/api/staff/reviewBondPayment.do',
  auth: 'staff',
  input: reviewIn,
  output: z.object({ obj: z.object({ id: int(), checkState: int() }) }),
  successMsg: '审核成功',
});

export const pendingBondReturn = z.object({
  id: int(),
  bondReturnCode: z.string(),
  bondReturnType: int(),
  returnBondMoney: yuanOut,
  /** The deposit held now. */
  bondMoney: yuanOut,
  remark: z.string(),
  createDate: z.string(),
  ...agentFields,
  ...receiving,
});

export const selectPendingBondReturns = defineOp({
  name: 'selectPendingBondReturns',
  path: '/api/staff/selectPendingBondReturns.do',
  auth: 'staff',
  input: listIn,
  output: paged(pendingBondReturn),
});

export const reviewBondReturn = defineOp({
  name: 'reviewBondReturn',
  path: '/api/staff/reviewBondReturn.do',
  auth: 'staff',
  input: reviewIn,
  output: z.object({ obj: z.object({ id: int(), checkState: int() }) }),
  successMsg: '审核成功',
});
