import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { ORDER_MESSAGES } from './orders.js';
import { phonePageIn, staffListOut } from './paging.js';
import { idempotencyKeyIn, idIn, int, intIn, required } from './validation.js';

/**
 * Staff cancel and refund of a paid order (ADR 0034): wholly or by line and quantity, each part back to
 * the method that paid it (goods fund 15, total score 19, points 16, WeChat through the payment wing, offline by a
 * payout task for finance), with the stock, gift points and network income reversed. The server computes every
 * figure; the preview answers exactly what the same request would do.
 */

export const ORDER_REFUND_MESSAGES = {
  orderNotFound: ORDER_MESSAGES.notFound,
  notPaid: '只有已付款的订单（待发货、待收货、已完成）可以退款',
  alreadyRefunded: '该订单已全部退款',
  reasonRequired: '请输入退款原因',
  reasonTooLong: '退款原因不能超过200个字',
  lineRequired: '请选择要退款的商品和数量',
  lineNotFound: '所选商品不属于该订单，请刷新后重新选择',
  lineRepeated: '同一商品只能选择一次，请合并数量',
  lineGift: '赠品随订单全部退款时一并处理，不能单独退款',
  qtyInvalid: '退款数量应为正整数',
  qtyTooMany: (name: string, left: number) => `「${name}」最多还可退 ${left} 件，请调整数量`,
  paymentIncomplete: '该订单的支付记录与订单金额不一致，不能自动退款，请联系技术人员核对',
  wechatMissing: '未找到该订单已成功的微信支付，不能原路退回，请刷新后重试',
  stateChanged: ORDER_MESSAGES.stateChanged,
  payoutNotFound: '打款任务不存在',
  payoutPaid: '该打款任务已打款，请刷新后查看',
  referenceRequired: '请输入打款流水号',
  referenceTooLong: '打款流水号不能超过64个字',
} as const;
const M = ORDER_REFUND_MESSAGES;

/** orders.refund_state as the shop and the console label it (the whole refund also moves the order to state 8). */
export const ORDER_REFUND_STATE = { none: 0, partial: 1, full: 2 } as const;
export const ORDER_REFUND_STATE_TEXT: Readonly<Record<number, string>> = { 1: '部分退款', 2: '全部退款' };
/** An offline refund payout's state: 0 waiting for finance to pay, 1 paid. */
export const REFUND_PAYOUT_STATE = { pending: 0, paid: 1 } as const;
export const REFUND_PAYOUT_STATE_TEXT: Readonly<Record<number, string>> = { 0: '待打款', 1: '已打款' };
/** The WeChat part's refund state (refunds.state): 退款中 until WeChat's notification or the reconcile query. */
export const WECHAT_PART_STATE_TEXT: Readonly<Record<number, string>> = { 0: '退款中', 1: '退款成功', 2: '退款失败', 3: '退款失败' };

const refundLinesIn = z.optional(
  z
    .array(z.object({ lineId: idIn(M.lineNotFound), qty: intIn(M.qtyInvalid, z.positive(M.qtyInvalid)) }))
    .check(z.minLength(1, M.lineRequired), z.maxLength(100, M.lineRequired)),
);

/** What a refund gives back and takes back, in fen / points (yuan text on the wire). */
export const refundFigures = z.object({
  amount: yuanOut,
  storeAmount: yuanOut,
  incomeAmount: yuanOut,
  wechatAmount: yuanOut,
  offlineAmount: yuanOut,
  points: int(),
  giftPointsTaken: int(),
  giftPointsShort: int(),
  incomeCancelled: yuanOut,
  incomeClawed: yuanOut,
  incomeDebt: yuanOut,
  stockReturned: z.boolean(),
  isFull: z.boolean(),
  lines: z.array(z.object({ lineId: int(), prodName: z.string(), specDispStr: z.string(), qty: int(), amount: yuanOut, isGift: z.boolean() })),
});

export const orderRefundRecord = z.extend(refundFigures, {
  id: int(),
  refundCode: z.string(),
  reason: z.string(),
  staffName: z.string(),
  createDate: z.string(),
  /** The WeChat part's state (null without one). */
  wechatState: z.nullable(int()),
  wechatStateText: z.string(),
  /** The offline part's payout (null without one). */
  payoutState: z.nullable(int()),
  payoutStateText: z.string(),
});
export type OrderRefundRecord = z.output<typeof orderRefundRecord>;

/** What staff may still refund per line (the drawer's quantity pickers). */
export const refundableLine = z.object({ lineId: int(), prodName: z.string(), specDispStr: z.string(), buyNum: int(), refundNum: int(), left: int(), isGift: z.boolean() });

const refundIn = {
  orderId: idIn(M.orderNotFound),
  /** Lines and quantities; left out: everything still refundable (the whole order). */
  lines: refundLinesIn,
  reason: required(M.reasonRequired, z.maxLength(200, M.reasonTooLong)),
};

export const previewOrderRefund = defineOp({
  name: 'previewOrderRefund',
  path: '/api/staff/previewOrderRefund.do',
  auth: 'staff',
  input: z.object({ ...refundIn, reason: z.optional(z.string()) }),
  output: z.object({ obj: refundFigures }),
});

export const refundOrder = defineOp({
  name: 'refundOrder',
  path: '/api/staff/refundOrder.do',
  auth: 'staff',
  input: z.object({ ...refundIn, idempotencyKey: idempotencyKeyIn() }),
  output: z.object({ obj: orderRefundRecord }),
  successMsg: '退款已完成',
});

export const selectOrderRefunds = defineOp({
  name: 'selectOrderRefunds',
  path: '/api/staff/selectOrderRefunds.do',
  auth: 'staff',
  input: z.object({ orderId: idIn(M.orderNotFound) }),
  output: z.object({
    obj: z.object({ refundable: z.boolean(), refundState: int(), refundMoney: yuanOut, lines: z.array(refundableLine) }),
    objs: z.array(orderRefundRecord),
  }),
});

export const refundPayoutRow = z.object({
  id: int(),
  refundCode: z.string(),
  orderCode: z.string(),
  agentName: z.string(),
  agentPhone: z.string(),
  amount: yuanOut,
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  state: int(),
  stateText: z.string(),
  payReference: z.nullable(z.string()),
  paidBy: z.nullable(z.string()),
  paidDate: z.nullable(z.string()),
  createDate: z.string(),
});
export type RefundPayoutRow = z.output<typeof refundPayoutRow>;

export const selectRefundPayouts = defineOp({
  name: 'selectRefundPayouts',
  path: '/api/staff/selectRefundPayouts.do',
  auth: 'staff',
  input: z.object({ state: z.optional(intIn(undefined, z.minimum(0), z.maximum(1))), phonePage: phonePageIn }),
  output: staffListOut(refundPayoutRow),
});

export const payRefundPayout = defineOp({
  name: 'payRefundPayout',
  path: '/api/staff/payRefundPayout.do',
  auth: 'staff',
  input: z.object({ payoutId: idIn(M.payoutNotFound), payReference: required(M.referenceRequired, z.maxLength(64, M.referenceTooLong)) }),
  output: z.object({ obj: refundPayoutRow }),
  successMsg: '已标记为已打款',
});

/** The agent's view of an order's refunds (order detail in the shop). */
export const agentOrderRefund = z.object({
  refundCode: z.string(),
  amount: yuanOut,
  storeAmount: yuanOut,
  incomeAmount: yuanOut,
  wechatAmount: yuanOut,
  offlineAmount: yuanOut,
  points: int(),
  giftPointsTaken: int(),
  giftPointsShort: int(),
  reason: z.string(),
  createDate: z.string(),
  wechatStateText: z.string(),
  payoutStateText: z.string(),
});
export type AgentOrderRefund = z.output<typeof agentOrderRefund>;

export const selectMyOrderRefunds = defineOp({
  name: 'selectMyOrderRefunds',
  path: '/api/order/selectMyOrderRefunds.do',
  auth: 'agent',
  input: z.object({ orderId: idIn(M.orderNotFound) }),
  output: z.object({ obj: z.object({ refundState: int(), refundStateText: z.string(), refundMoney: yuanOut }), objs: z.array(agentOrderRefund) }),
});
