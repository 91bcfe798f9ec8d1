import * as z from 'zod/mini';
import { addressFormFields, addressRegionChecks } from './address.js';
import { defineOp } from './operation.js';
import { parcelIn, STAFF_MESSAGES } from './staff.js';
import { formInOrder, idIn, int, MOBILE_PATTERN, required } from './validation.js';

/**
 * Corrections by staff (ADR 0035): the warehouse corrects a waybill, marks a parcel never handed over as not
 * shipped and changes the receiving address of an order not yet shipped; the service desk edits an agent's name,
 * WeChat number and phone; the admin changes an inviter (ADR 0035) and creates an agent who joins offline. Each is a
 * compare-and-set with its audit record in one transaction.
 */
export const CORRECTION_MESSAGES = {
  orderNotFound: STAFF_MESSAGES.orderNotFound,
  parcelNotFound: '包裹不存在，请刷新订单后重试',
  waybillOnlyShipped: '只有待收货的订单可以更正运单号',
  waybillSame: '新运单与原运单相同，无需更正',
  parcelChanged: '该运单已被他人更正，请刷新订单后重试',
  unshipOnlyShipped: '只有待收货的订单可以标记为未发货',
  addressOnlyUnshipped: '订单已发货，不能修改收货地址；如包裹未交给快递，请先标记为未发货',
  addressSame: '收货地址没有变化，无需修改',
  reasonRequired: '请输入原因',
  reasonTooLong: '原因不能超过200个字',
  agentNotFound: '代理商不存在',
  nameRequired: '请输入姓名',
  nameTooLong: '姓名不能超过20个字',
  wxTooLong: '微信号不能超过32个字符',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  phoneTaken: '该手机号已是另一位代理商的登录账号，不能改用；请核对号码，或先修改那位代理商的手机号',
  profileSame: '资料没有变化，无需保存',
  profileChanged: '该代理商资料已被他人修改，请刷新后重试',
  inviterPhoneRequired: '请输入新邀请人的手机号',
  inviterNotFound: '邀请人不存在或已退出，请核对手机号',
  inviterSelf: '不能把代理商自己设为邀请人',
  inviterCycle: '新邀请人是该代理商的下级，会形成循环邀请，请选择其他邀请人',
  inviterSame: '该代理商的邀请人已是此人，无需修改',
  inviterChanged: '该代理商的邀请人已被他人修改，请刷新后重试',
  gradeRequired: '请选择等级',
} as const;
const M = CORRECTION_MESSAGES;

const orderId = idIn(M.orderNotFound);
const agentId = idIn(M.agentNotFound);
const reason = required(M.reasonRequired, z.maxLength(200, M.reasonTooLong));
const mobile = (empty: string) => required(empty, z.regex(MOBILE_PATTERN, M.phoneInvalid));
const agentName = required(M.nameRequired, z.maxLength(20, M.nameTooLong));

/** The warehouse corrects one parcel's carrier and waybill on a shipped order; the agent's tracking reads the new one. */
export const correctWaybill = defineOp({
  name: 'correctWaybill',
  path: '/api/staff/correctWaybill.do',
  auth: 'staff',
  // fromWaybillCode: the waybill the member saw and corrects; another member's correction in between is refused.
  input: formInOrder(z.object({ orderId, parcelId: idIn(M.parcelNotFound), fromWaybillCode: required(M.parcelNotFound, z.maxLength(40, M.parcelNotFound)), ...parcelIn.shape, reason })),
  output: z.object({ obj: z.object({ id: int(), parcelId: int(), shipperCode: z.string(), waybillCode: z.string() }) }),
  successMsg: '运单已更正',
});

/**
 * A parcel never handed over: the shipped order goes back to 待发货 (4 → 3), its parcels are removed and the ship time
 * cleared, so the auto-receipt clock (ADR 0027) starts again only from the next shipping.
 */
export const markOrderNotShipped = defineOp({
  name: 'markOrderNotShipped',
  path: '/api/staff/markOrderNotShipped.do',
  auth: 'staff',
  input: formInOrder(z.object({ orderId, reason })),
  output: z.object({ obj: z.object({ id: int(), circulationState: int(), sendState: int() }) }),
  successMsg: '已标记为未发货，订单回到待发货',
});

/** The receiving address of an order not yet shipped, validated like the address book (names from the region codes). */
export const changeOrderAddress = defineOp({
  name: 'changeOrderAddress',
  path: '/api/staff/changeOrderAddress.do',
  auth: 'staff',
  input: formInOrder(z.object({ orderId, ...addressFormFields, reason }), addressRegionChecks),
  output: z.object({ obj: z.object({ id: int(), receiverName: z.string(), receiverPhone: z.string(), receiverFullAddress: z.string() }) }),
  successMsg: '收货地址已修改',
});

/** Name, WeChat number and phone; a new phone ends the agent's sessions (they log in with it). */
export const editAgentProfile = defineOp({
  name: 'editAgentProfile',
  path: '/api/staff/editAgentProfile.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      agentId,
      agentName,
      wxNumber: z.pipe(z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, M.wxTooLong)))), z.transform((v) => v ?? '')),
      phone: mobile(M.phoneRequired),
      reason,
    }),
  ),
  output: z.object({ obj: z.object({ agentId: int(), agentName: z.string(), wxNumber: z.string(), phone: z.string(), sessionsEnded: z.boolean() }) }),
  successMsg: '资料已保存',
});

/** ADR 0035: a new inviter (never the agent nor one of its downline); income changes for future orders only. */
export const changeAgentInviter = defineOp({
  name: 'changeAgentInviter',
  path: '/api/staff/changeAgentInviter.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentId, inviterPhone: mobile(M.inviterPhoneRequired), reason })),
  output: z.object({ obj: z.object({ agentId: int(), inviterId: int(), inviterName: z.string() }) }),
  successMsg: '邀请人已修改，自此后的订单按新关系计算收益',
});

/**
 * An agent who joins offline, made by the admin under the registration rules (an open grade, an active inviter, a
 * free phone; first top-up due, agentStatus 0). A one-time password goes by SMS; the first login must replace it.
 */
export const createAgentByStaff = defineOp({
  name: 'createAgentByStaff',
  path: '/api/staff/createAgentByStaff.do',
  auth: 'staff',
  input: formInOrder(z.object({ agentName, phone: mobile(M.phoneRequired), gradeId: idIn(M.gradeRequired), inviterPhone: mobile(M.inviterPhoneRequired) })),
  /** phone: masked, where the one-time password went. */
  output: z.object({ obj: z.object({ agentId: int(), agentCode: z.string(), phone: z.string() }) }),
  successMsg: '代理商已创建，一次性登录密码已短信发送',
});
