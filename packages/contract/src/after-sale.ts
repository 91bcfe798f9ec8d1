import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { ORDER_MESSAGES } from './orders.js';
import { refundFigures } from './order-refunds.js';
import { phonePageIn, phonePageOut, staffListOut } from './paging.js';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from './upload.js';
import { idempotencyKeyIn, idIn, int, intIn, optionalText, required } from './validation.js';

/**
 * Agents' after-sales requests (spec 2, ADR 0036): 仅退款 or 退货退款 on a paid order, reviewed by staff, the return
 * received by the warehouse, refunded by finance through the order refund flow (ADR 0034). Every step is
 * compare-and-set on the request's state and written to its step log, which the agent sees with its time.
 */

export const AFTER_SALE_KIND = { refundOnly: 1, returnRefund: 2 } as const;
export const AFTER_SALE_KIND_TEXT: Readonly<Record<number, string>> = { 1: '仅退款', 2: '退货退款' };

export const AFTER_SALE_STATE = { pending: 1, toReturn: 2, returning: 3, toRefund: 4, refunded: 5, rejected: 6, withdrawn: 7 } as const;
export const AFTER_SALE_STATE_TEXT: Readonly<Record<number, string>> = {
  1: '待审核',
  2: '待寄回',
  3: '待收货',
  4: '待退款',
  5: '已退款',
  6: '已驳回',
  7: '已撤销',
};
/** The states of a request still running: one such request per order (ADR 0036). */
const S = AFTER_SALE_STATE;
export const AFTER_SALE_OPEN_STATES: readonly number[] = [S.pending, S.toReturn, S.returning, S.toRefund];

/** The fixed list of reasons (spec 2 after-sales); the agent adds text. */
export const AFTER_SALE_REASONS = ['商品质量问题', '商品破损', '发错货或漏发', '与描述不符', '不想要了', '其他原因'] as const;

export const AFTER_SALE_MESSAGES = {
  notFound: '售后申请不存在',
  orderNotFound: ORDER_MESSAGES.notFound,
  notPaid: '只有已付款的订单（待发货、待收货、已完成）可以申请售后',
  alreadyRefunded: '该订单已全部退款，无需再申请售后',
  toShipRefundOnly: '订单尚未发货，只能申请仅退款',
  windowClosed: (days: number) => `已超过确认收货后${days}天的售后期限，如有问题请联系客服`,
  openExists: '该订单已有进行中的售后申请，请在我的售后中查看进度',
  kindInvalid: '请选择售后类型',
  reasonInvalid: '请选择售后原因',
  descriptionTooLong: '问题描述不能超过200个字',
  lineRequired: '请选择要售后的商品和数量',
  lineNotFound: '所选商品不属于该订单，请刷新后重新选择',
  lineRepeated: '同一商品只能选择一次，请合并数量',
  lineGift: '赠品不能单独申请售后',
  qtyInvalid: '售后数量应为正整数',
  qtyTooMany: (name: string, left: number) => `「${name}」最多还可申请 ${left} 件，请调整数量`,
  photosTooMany: UPLOAD_MESSAGES.count,
  photosInvalid: '图片无效，请重新上传',
  stateChanged: '售后申请状态已变化，请刷新后重试',
  notPending: '只有待审核的申请可以撤销，请刷新后查看进度',
  notToReturn: '当前状态不能填写退货物流，请刷新后查看进度',
  carrierRequired: '请输入快递公司',
  carrierTooLong: '快递公司不能超过20个字',
  waybillRequired: '请输入快递单号',
  waybillInvalid: '快递单号应为6-30位字母或数字',
  rejectReasonRequired: '驳回时请填写驳回原因',
  rejectReasonTooLong: '驳回原因不能超过200个字',
  reviewNotPending: '该申请已审核或已撤销，请刷新后查看',
  notReturning: '只有待收货的退货可以确认收货，请刷新后查看',
  notToRefund: '只有待退款的申请可以退款，请刷新后查看',
} as const;
const M = AFTER_SALE_MESSAGES;

const photosIn = z._default(
  z.array(z.string().check(z.maxLength(200, M.photosInvalid))).check(z.maxLength(UPLOAD_LIMITS.maxFiles, M.photosTooMany)),
  [],
);

export const afterSaleLine = z.object({ lineId: int(), prodName: z.string(), specDispStr: z.string(), prodImg: z.string(), qty: int(), dealPrice: yuanOut });
export const afterSaleStep = z.object({ state: int(), title: z.string(), remark: z.string(), createDate: z.string() });

/** A request as a list shows it. */
export const afterSaleRow = z.object({
  id: int(),
  code: z.string(),
  orderId: int(),
  orderCode: z.string(),
  kind: int(),
  kindText: z.string(),
  state: int(),
  stateText: z.string(),
  reason: z.string(),
  qty: int(),
  lines: z.array(afterSaleLine),
  createDate: z.string(),
});
export type AfterSaleRow = z.output<typeof afterSaleRow>;

/** A request with its steps, photos (signed links for the viewer) and, once refunded, what the refund gave back. */
export const afterSaleDetail = z.extend(afterSaleRow, {
  description: z.string(),
  rejectReason: z.string(),
  carrier: z.string(),
  waybillCode: z.string(),
  photos: z.array(z.string()),
  steps: z.array(afterSaleStep),
  refund: z.nullable(z.object({ refundCode: z.string(), amount: yuanOut, storeAmount: yuanOut, incomeAmount: yuanOut, wechatAmount: yuanOut, offlineAmount: yuanOut, points: int() })),
});
export type AfterSaleDetail = z.output<typeof afterSaleDetail>;

// ---------------------------------------------------------------- agent

/** What the apply screen may offer for an order: the kinds allowed now and each line's quantity left. */
export const selectAfterSaleOptions = defineOp({
  name: 'selectAfterSaleOptions',
  path: '/api/afterSale/selectAfterSaleOptions.do',
  auth: 'agent',
  input: z.object({ orderId: idIn(M.orderNotFound) }),
  output: z.object({
    obj: z.object({
      orderId: int(),
      orderCode: z.string(),
      /** Kinds allowed now (empty: none, `refusal` says why). */
      kinds: z.array(int()),
      refusal: z.string(),
      /** The open request of the order, if any. */
      openId: z.nullable(int()),
      openStateText: z.string(),
      days: int(),
      reasons: z.array(z.string()),
      lines: z.array(z.object({ lineId: int(), prodName: z.string(), specDispStr: z.string(), prodImg: z.string(), dealPrice: yuanOut, buyNum: int(), left: int() })),
    }),
  }),
});

export const applyAfterSale = defineOp({
  name: 'applyAfterSale',
  path: '/api/afterSale/applyAfterSale.do',
  auth: 'agent',
  input: z.object({
    orderId: idIn(M.orderNotFound),
    kind: intIn(M.kindInvalid, z.minimum(1, M.kindInvalid), z.maximum(2, M.kindInvalid)),
    reason: z.string().check(z.refine((v) => (AFTER_SALE_REASONS as readonly string[]).includes(v), M.reasonInvalid)),
    description: z._default(z.string().check(z.trim(), z.maxLength(200, M.descriptionTooLong)), ''),
    lines: z
      .array(z.object({ lineId: idIn(M.lineNotFound), qty: intIn(M.qtyInvalid, z.positive(M.qtyInvalid)) }))
      .check(z.minLength(1, M.lineRequired), z.maxLength(100, M.lineRequired)),
    photos: photosIn,
  }),
  output: z.object({ obj: afterSaleDetail }),
  successMsg: '售后申请已提交',
});

export const selectMyAfterSales = defineOp({
  name: 'selectMyAfterSales',
  path: '/api/afterSale/selectMyAfterSales.do',
  auth: 'agent',
  input: z.object({ state: z.optional(intIn(undefined, z.minimum(0), z.maximum(7))), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(afterSaleRow), obj: z.object({ phonePage: phonePageOut, total: int() }) }),
});

export const selectAfterSaleDetail = defineOp({
  name: 'selectAfterSaleDetail',
  path: '/api/afterSale/selectAfterSaleDetail.do',
  auth: 'agent',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: afterSaleDetail }),
});

export const withdrawAfterSale = defineOp({
  name: 'withdrawAfterSale',
  path: '/api/afterSale/withdrawAfterSale.do',
  auth: 'agent',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: afterSaleDetail }),
  successMsg: '售后申请已撤销',
});

export const submitAfterSaleWaybill = defineOp({
  name: 'submitAfterSaleWaybill',
  path: '/api/afterSale/submitAfterSaleWaybill.do',
  auth: 'agent',
  input: z.object({
    id: idIn(M.notFound),
    carrier: required(M.carrierRequired, z.maxLength(20, M.carrierTooLong)),
    waybillCode: required(M.waybillRequired, z.regex(/^[A-Za-z0-9]{6,30}$/, M.waybillInvalid)),
  }),
  output: z.object({ obj: afterSaleDetail }),
  successMsg: '退货物流已提交',
});

// ---------------------------------------------------------------- staff

export const staffAfterSaleRow = z.extend(afterSaleRow, { agentName: z.string(), agentPhone: z.string() });
export const staffAfterSaleDetail = z.extend(afterSaleDetail, { agentName: z.string(), agentPhone: z.string(), orderStateText: z.string(), actualMoney: yuanOut });

export const searchAfterSales = defineOp({
  name: 'searchAfterSales',
  path: '/api/staff/searchAfterSales.do',
  auth: 'staff',
  input: z.object({
    state: z.optional(intIn(undefined, z.minimum(0), z.maximum(7))),
    /** Part of the request or order code, the agent's name or phone. */
    keyword: optionalText(40),
    phonePage: phonePageIn,
  }),
  output: staffListOut(staffAfterSaleRow),
});

export const selectStaffAfterSaleDetail = defineOp({
  name: 'selectStaffAfterSaleDetail',
  path: '/api/staff/selectStaffAfterSaleDetail.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: staffAfterSaleDetail }),
});

export const reviewAfterSale = defineOp({
  name: 'reviewAfterSale',
  path: '/api/staff/reviewAfterSale.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.notFound), approve: z.boolean(), reason: z._default(z.string().check(z.trim(), z.maxLength(200, M.rejectReasonTooLong)), '') }),
  output: z.object({ obj: staffAfterSaleDetail }),
  successMsg: '审核已提交',
});

export const receiveAfterSaleReturn = defineOp({
  name: 'receiveAfterSaleReturn',
  path: '/api/staff/receiveAfterSaleReturn.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: staffAfterSaleDetail }),
  successMsg: '已确认收到退货',
});

export const previewAfterSaleRefund = defineOp({
  name: 'previewAfterSaleRefund',
  path: '/api/staff/previewAfterSaleRefund.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: refundFigures }),
});

export const refundAfterSale = defineOp({
  name: 'refundAfterSale',
  path: '/api/staff/refundAfterSale.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.notFound), idempotencyKey: idempotencyKeyIn() }),
  output: z.object({ obj: staffAfterSaleDetail }),
  successMsg: '退款已完成',
});
