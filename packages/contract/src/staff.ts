import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { formInOrder, idIn, int, required } from './validation.js';
import { orderReceiptRecord } from './orders.js';

/**
 * Platform staff (ADR 0010), API only: offline-payment review and shipping. Staff sessions are their own
 * (header `staffToken`, table staff_sessions): an agent's accessToken never works here and a staff token never works
 * as an agent's.
 */

/** Staff roles: which operations each may call is one server-side table (ADR 0020). */
export const STAFF_ROLES = ['admin', 'finance', 'warehouse', 'service', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  admin: '管理员',
  finance: '财务',
  warehouse: '仓库',
  service: '客服',
  operator: '运营',
};

export const STAFF_MESSAGES = {
  orderNotFound: '订单不存在',
  stateChanged: '订单状态已变化，请刷新后重试',
  approveRequired: '请选择审核结果',
  reasonRequired: '请输入驳回原因',
  reasonTooLong: '驳回原因不能超过200个字',
  parcelsRequired: '请填写包裹信息',
  tooManyParcels: '最多可填写10个包裹',
  logisticsNameRequired: '请输入物流公司',
  logisticsNameTooLong: '物流公司名称不能超过32个字',
  shipperCodeRequired: '请输入快递公司编码',
  shipperCodeInvalid: '快递公司编码有误',
  waybillRequired: '请输入运单号',
  waybillInvalid: '运单号格式有误',
  waybillRepeated: '运单号重复',
  phoneTooLong: '联系电话不能超过20位',
} as const;

export const REJECT_REASON_MAX = 200;

const orderId = idIn(STAFF_MESSAGES.orderNotFound);

export const staffInfo = z.object({
  staffId: int(),
  platId: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.string(),
  /** The staff operations this member's role may call (the console draws its menu from them). */
  operations: z.array(z.string()),
  /** A TOTP second factor is bound to this member. */
  totpEnabled: z.boolean(),
  /** STAFF_2FA=required and the role needs a second factor this session has not given: enrol first. */
  secondFactorMissing: z.boolean(),
});
export type StaffInfo = z.output<typeof staffInfo>;

export const staffLogin = defineOp({
  name: 'staffLogin',
  path: '/api/staff/staffLogin.do',
  auth: 'public',
  input: z.object({
    username: required('请输入账号', z.maxLength(32, '账号不能超过32位')),
    password: required('请输入密码', z.maxLength(64, '密码不能超过64位')),
    /** The six-digit TOTP code, when the member has bound one (ADR 0020). */
    totpCode: z.optional(z.nullable(z.string().check(z.trim(), z.regex(/^(\d{6})?$/, '动态验证码为6位数字')))),
  }),
  output: z.object({ obj: staffInfo, staffToken: z.string() }),
  successMsg: '登录成功',
});

export const staffLogout = defineOp({
  name: 'staffLogout',
  path: '/api/staff/staffLogout.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({}),
});

/**
 * The agent's receipt record (orders.ts) as staff review it: `voucherImgUrl` holds the signed image links joined by
 * semicolons, and the review date is added.
 */
export const staffReceiptRecord = z.extend(orderReceiptRecord, { checkDate: z.nullable(z.string()) });

export const pendingReviewOrder = z.object({
  id: int(),
  orderCode: z.string(),
  orderType: int(),
  payType: int(),
  circulationState: int(),
  confirmPayState: int(),
  actualMoney: yuanOut,
  totalMoney: yuanOut,
  postMoney: yuanOut,
  /** Parts already taken from the goods fund / total score with this offline payment. */
  goodsPayMoney: yuanOut,
  awardPayMoney: yuanOut,
  offlinePayMoney: yuanOut,
  createAgentId: int(),
  createAgentName: z.string(),
  createAgentTel: z.string(),
  createAgentCode: z.string(),
  receiverName: z.string(),
  createDate: z.string(),
  /** Newest first. */
  receiptRecords: z.array(staffReceiptRecord),
});
export type PendingReviewOrder = z.output<typeof pendingReviewOrder>;

/** Orders awaiting the review of their offline payment (state 2), oldest first; `total` is the queue's length. */
export const selectPendingReviewOrders = defineOp({
  name: 'selectPendingReviewOrders',
  path: '/api/staff/selectPendingReviewOrders.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn }),
  output: z.object({ objs: z.array(pendingReviewOrder), obj: z.object({ phonePage: phonePageOut, total: z.number() }) }),
});

/** true / false, 1 / 0 or their text: the review's decision. */
const decision = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')], {
    error: STAFF_MESSAGES.approveRequired,
  }),
  z.transform((v) => v === true || v === 1 || v === 'true' || v === '1'),
);
const isApproval = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';

export const reviewOfflinePaymentInput = formInOrder(
  z.object({
    orderId,
    approve: decision,
    /** Required when rejecting; the agent reads it on the order (confirmRejectReason). */
    reason: z.pipe(
      z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(REJECT_REASON_MAX, STAFF_MESSAGES.reasonTooLong)))),
      z.transform((v) => v ?? ''),
    ),
  }),
  {
    reason: (v) =>
      !isApproval(v.approve) && !(typeof v.reason === 'string' && v.reason.trim()) ? STAFF_MESSAGES.reasonRequired : null,
  },
);

const reviewed = z.object({ id: int(), circulationState: int(), confirmPayState: int() });

export const reviewOfflinePayment = defineOp({
  name: 'reviewOfflinePayment',
  path: '/api/staff/reviewOfflinePayment.do',
  auth: 'staff',
  input: reviewOfflinePaymentInput,
  output: z.object({ obj: reviewed }),
  successMsg: '审核成功',
});

export const parcelIn = z.object({
  logisticsName: required(STAFF_MESSAGES.logisticsNameRequired, z.maxLength(32, STAFF_MESSAGES.logisticsNameTooLong)),
  /** Kdniao ShipperCode (SF, ZTO, YTO ...). */
  shipperCode: z.pipe(
    required(STAFF_MESSAGES.shipperCodeRequired, z.regex(/^[A-Za-z0-9]{2,16}$/, STAFF_MESSAGES.shipperCodeInvalid)),
    z.transform((v) => v.toUpperCase()),
  ),
  waybillCode: required(STAFF_MESSAGES.waybillRequired, z.regex(/^[A-Za-z0-9-]{6,40}$/, STAFF_MESSAGES.waybillInvalid)),
  /** The carrier's phone; the known carriers' customer-service number when empty. */
  phone: z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(20, STAFF_MESSAGES.phoneTooLong)))),
    z.transform((v) => v ?? ''),
  ),
});

export const shipOrder = defineOp({
  name: 'shipOrder',
  path: '/api/staff/shipOrder.do',
  auth: 'staff',
  input: z.object({
    orderId,
    parcels: z
      .array(parcelIn, { error: STAFF_MESSAGES.parcelsRequired })
      .check(z.minLength(1, STAFF_MESSAGES.parcelsRequired), z.maxLength(10, STAFF_MESSAGES.tooManyParcels)),
  }),
  output: z.object({ obj: z.object({ id: int(), circulationState: int(), sendState: int() }) }),
  successMsg: '发货成功',
});

/** The logged-in member as the console shows them (and the operations their role may call). */
export const selectStaffSelf = defineOp({
  name: 'selectStaffSelf',
  path: '/api/staff/selectStaffSelf.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: staffInfo }),
});

/** Starts binding a TOTP authenticator: a new secret, kept pending until a code from it is confirmed. */
export const startTotpEnrolment = defineOp({
  name: 'startTotpEnrolment',
  path: '/api/staff/startTotpEnrolment.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: z.object({ secret: z.string(), otpauthUri: z.string() }) }),
});

export const confirmTotpEnrolment = defineOp({
  name: 'confirmTotpEnrolment',
  path: '/api/staff/confirmTotpEnrolment.do',
  auth: 'staff',
  input: z.object({ totpCode: required('请输入动态验证码', z.regex(/^\d{6}$/, '动态验证码为6位数字')) }),
  output: z.object({ obj: staffInfo }),
  successMsg: '动态验证码已绑定',
});
