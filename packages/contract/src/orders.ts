import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { idIn, int, numberIn, optionalText, required } from './validation.js';

/** spec 2 §2–§5: the order list and detail, closing an unpaid order, confirming receipt. */

const orderId = idIn('订单不存在');
/** China time 'YYYY-MM-DD HH:mm:ss', or null when it has not happened. */
const when = () => z.nullable(z.string());

/** spec 2 §4 circulationState as the agent reads it. */
export const ORDER_STATE_TEXT: Readonly<Record<number, string>> = {
  1: '待付款',
  2: '待商家审核',
  3: '待发货',
  4: '待收货',
  5: '已完成',
  6: '已关闭',
  7: '超时关闭',
  /** ADR 0034: wholly refunded by staff; a partial refund shows 部分退款 beside the state (ORDER_REFUND_STATE_TEXT). */
  8: '全部退款',
};

/**
 * spec 2 §2 /orders tabs; the value is the circulationState filter (and `?tabIndex`). Each tab lists exactly its
 * state: an offline payment awaiting review (2) shows under 全部 only, although the my-page tile 待发货 counts it.
 */
export const ORDER_TABS = [
  { state: -1, title: '全部' },
  { state: 1, title: '待付款' },
  { state: 3, title: '待发货' },
  { state: 4, title: '待收货' },
  { state: 5, title: '已完成' },
] as const;

export const ORDER_MESSAGES = {
  notFound: '订单不存在',
  stateChanged: '订单状态已变化，请刷新后重试',
  reasonRequired: '请输入关闭原因',
  reasonTooLong: '关闭原因不能超过200个字',
  receiveConfirm: '是否确认收货',
  timeoutReason: '超时未支付，系统自动关闭',
  empty: '暂无订单',
} as const;

export const CLOSE_REASON_MAX = 200;

/** spec 2 §5 close order: a reason is required, at most 200 characters. */
export const closeReason = required(ORDER_MESSAGES.reasonRequired, z.maxLength(CLOSE_REASON_MAX, ORDER_MESSAGES.reasonTooLong));

/** spec 2 §3 order line (orderProductDetailBos) with its spec (prodSingleProductBo). */
export const orderProductDetail = z.object({
  id: int(),
  prodId: int(),
  singleProdId: int(),
  buyNum: int(),
  prodPrice: yuanOut,
  prodDealPrice: yuanOut,
  prodPoint: int(),
  isFirstGift: int(),
  prodSingleProductBo: z.object({ imgUrl: z.string(), prodName: z.string(), specDispStr: z.string(), finalPrice: yuanOut }),
});
export type OrderProductDetail = z.output<typeof orderProductDetail>;

/** What the agent may do with the order now (spec 2 §4 Buyer actions), decided by the server at its clock. */
const actions = {
  canPay: z.boolean(),
  canClose: z.boolean(),
  canReceive: z.boolean(),
  canTrack: z.boolean(),
};

export const orderListItem = z.object({
  id: int(),
  orderCode: z.string(),
  orderType: int(),
  payType: int(),
  circulationState: int(),
  sendState: int(),
  actualMoney: yuanOut,
  totalMoney: yuanOut,
  postMoney: yuanOut,
  actualPoint: int(),
  prodAllPoint: int(),
  pointBalanceMoney: yuanOut,
  receiverPhone: z.string(),
  /** First parcel's waybill, '' before shipment. */
  waybillCode: z.string(),
  createDate: z.string(),
  payDeadline: when(),
  orderProductDetailBos: z.array(orderProductDetail),
  /** ADR 0034: 0 none, 1 部分退款, 2 全部退款 (ORDER_REFUND_STATE_TEXT). */
  refundState: int(),
  ...actions,
});
export type OrderListItem = z.output<typeof orderListItem>;

/** spec 2 §3 receipt record of an offline payment, with its vouchers as a list. */
export const orderReceiptRecord = z.object({
  id: int(),
  orderId: int(),
  orderCode: z.string(),
  payMoney: yuanOut,
  postMoney: yuanOut,
  payWay: int(),
  payType: int(),
  receiveBankName: z.string(),
  receiveSubBankName: z.string(),
  receiveAccountName: z.string(),
  receiveAccountNumber: z.string(),
  remitAccountName: z.string(),
  remitAccountNumber: z.string(),
  /** Upload urls joined by semicolons, as stored. */
  voucherImgUrl: z.string(),
  voucherImgUrls: z.array(z.string()),
  remark: z.string(),
  /** 0 awaiting review, 1 approved, 2 rejected. */
  checkState: int(),
  checkRemark: z.string(),
  createDate: z.string(),
});
export type OrderReceiptRecord = z.output<typeof orderReceiptRecord>;

/** A WeChat Pay refund's state (refunds.state 0–3) as the order detail says it. */
export const REFUND_STATE_TEXT: Readonly<Record<number, string>> = { 0: '退款中', 1: '已退款', 2: '退款关闭', 3: '退款异常' };

/** A refund of the order's WeChat payment (one paid after the order closed is refunded automatically, ADR 0012). */
export const orderRefund = z.object({
  id: int(),
  refundMoney: yuanOut,
  /** 0 processing, 1 refunded, 2 closed, 3 abnormal. */
  refundState: int(),
  refundStateText: z.string(),
  reason: z.string(),
  /** When it was asked for, and when WeChat finished it (null until then). */
  createDate: z.string(),
  successDate: when(),
});
export type OrderRefund = z.output<typeof orderRefund>;

/** spec 2 §3 Order, money as yuan text, dates in China time; plus what the detail screen needs. */
export const orderDetail = z.object({
  id: int(),
  orderCode: z.string(),
  orderType: int(),
  payType: int(),
  circulationState: int(),
  actualMoney: yuanOut,
  totalMoney: yuanOut,
  postMoney: yuanOut,
  allMoney: yuanOut,
  actualPoint: int(),
  prodAllPoint: int(),
  pointBalanceMoney: yuanOut,
  balancePoint: int(),
  goodsPayMoney: yuanOut,
  awardPayMoney: yuanOut,
  otherActualMoney: yuanOut,
  offlinePayMoney: yuanOut,
  createAgentId: int(),
  /** The order's id: the logistics screen looks its parcels up by it. */
  logisticsId: int(),
  waybillCode: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverProvince: z.string(),
  receiverCity: z.string(),
  receiverCounty: z.string(),
  receiverAddress: z.string(),
  orderNote: z.string(),
  sendState: int(),
  /** 1 express delivery, the only mode. */
  deliveryMode: int(),
  isForward: int(),
  isUpSendPost: int(),
  createDate: z.string(),
  payDate: when(),
  sendDate: when(),
  receiptDate: when(),
  closeDate: when(),
  closeReason: z.nullable(z.string()),
  /** Offline payment: 0 none, 1 submitted, 2 approved, 3 rejected (with confirmRejectReason). */
  confirmPayState: int(),
  confirmRejectReason: z.nullable(z.string()),
  apgSysCode: z.nullable(z.string()),
  shopId: z.nullable(int()),
  /** When an unpaid order closes by itself, and the server's clock, for the countdown. */
  payDeadline: when(),
  serverTime: z.string(),
  orderProductDetailBos: z.array(orderProductDetail),
  orderReceiptRecordBos: z.array(orderReceiptRecord),
  refunds: z.array(orderRefund),
  /** ADR 0034: 0 none, 1 部分退款, 2 全部退款. */
  refundState: int(),
  /** The order's history, oldest first (ADR 0035): 「物流单号已更正」「收货地址已修改」 among the steps). */
  history: z.optional(z.array(z.object({ title: z.string(), remark: z.string(), createDate: z.string() }))),
  ...actions,
});
export type OrderDetail = z.output<typeof orderDetail>;

export const selectOrderInfoList = defineOp({
  name: 'selectOrderInfoList',
  path: '/api/order/selectOrderInfoList.do',
  auth: 'agent',
  // platId and createAgentId are accepted as the legacy client sends them; the session's agent is what counts.
  input: z.object({
    circulationState: z._default(
      z.pipe(
        numberIn('订单状态有误'),
        z.union([z.literal(-1), z.literal(1), z.literal(3), z.literal(4), z.literal(5)], { error: '订单状态有误' }),
      ),
      -1,
    ),
    phonePage: phonePageIn,
    platId: optionalText(64),
  }),
  /** Newest first. `phonePage.pageTotal` is the number of pages (0 when empty). */
  output: z.object({ objs: z.array(orderListItem), obj: z.object({ phonePage: phonePageOut }) }),
});

export const selectOrderInfoByOrderId = defineOp({
  name: 'selectOrderInfoByOrderId',
  path: '/api/order/selectOrderInfoByOrderId.do',
  auth: 'agent',
  input: z.object({ id: orderId }),
  output: z.object({ obj: orderDetail }),
});

/** spec 2 §7 closeDealApp: circulationState, closeState, closeSuId, closeSuName and orderLogRecord are set by the server. */
export const closeDealApp = defineOp({
  name: 'closeDealApp',
  path: '/api/order/closeDealApp.do',
  auth: 'agent',
  input: z.object({ id: orderId, closeReason }),
  output: z.object({}),
  successMsg: '订单已关闭',
});

/** spec 2 §7 orderReceiveDeal: the legacy client's other fields (orderCode, payType, ...) are ignored. */
export const orderReceiveDeal = defineOp({
  name: 'orderReceiveDeal',
  path: '/api/order/orderReceiveDeal.do',
  auth: 'agent',
  input: z.object({ id: orderId }),
  output: z.object({}),
  successMsg: '确认收货成功',
});
