import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { CLOSE_REASON_MAX, ORDER_MESSAGES, orderRefund } from './orders.js';
import { phonePageIn, staffListOut } from './paging.js';
import { staffReceiptRecord } from './staff.js';
import { formInOrder, idIn, int, intIn, required } from './validation.js';

/**
 * The staff console's orders (ADR 0020): the shipping queue and batch shipping, order search, detail and
 * export, closing an unpaid order and refunding a WeChat payment. Money in fen inside, yuan text on the wire; dates in
 * China time. All platform-scoped: another platform's order answers "订单不存在".
 */

const when = () => z.nullable(z.string());

export const CONSOLE_ORDER_MESSAGES = {
  orderNotFound: ORDER_MESSAGES.notFound,
  paymentNotFound: '支付记录不存在',
  dateInvalid: '日期格式应为YYYY-MM-DD',
  dateOrder: '结束日期不能早于开始日期',
  stateInvalid: '订单状态有误',
  payTypeInvalid: '支付方式有误',
  orderCodeTooLong: '订单编号不能超过32位',
  phoneInvalid: '手机号格式有误',
  closeOnlyUnpaid: '只有待付款的订单可以关闭',
  closePaidMeanwhile: '该订单已在微信支付成功，不能关闭，请刷新后查看',
  refundReasonRequired: '请输入退款原因',
  refundReasonTooLong: '退款原因不能超过80个字',
  refundNotPaid: '该微信支付未成功，无需退款',
  refundNotAllowed: '只有订单已关闭或未入账的微信支付可以退款',
  refundDone: '该支付已退款',
  refundStuck: '该退款已关闭或异常，请到微信支付商户平台处理',
  paymentChanged: '该支付的状态已变化，请刷新后重试',
  refundAskedAgain: '该支付已在退款中，已再次向微信支付发起退款',
  fileRequired: '请上传发货文件',
  fileType: '请上传CSV或XLSX格式的发货文件',
  fileEmpty: '文件中没有发货数据',
  fileTooManyRows: '一次最多导入2000行，请拆分文件后再上传',
  fileHeaders: '表头应包含：订单编号、快递公司编码、运单号',
  fileUnreadable: '文件无法读取，请用模板重新填写后上传',
  rowOrderRequired: '请填写订单编号',
  rowNotToShip: '订单当前不是待发货状态',
  rowCarrierUnknown: '快递公司编码未知，请填写物流公司',
  rowStoreOneParcel: '门店订单只能填写一个运单号，请只保留一行',
  exportTooMany: '导出的订单不能超过10000条，请缩小筛选范围',
  keywordTooLong: '搜索内容不能超过32个字',
  waybillTooLong: '运单号不能超过40位',
} as const;

export const BATCH_SHIP_MAX_ROWS = 2000;
export const EXPORT_MAX_ROWS = 10_000;
/** The batch shipping file's header row; 物流公司 may be left out (the carrier's name comes from its code). */
export const BATCH_SHIP_HEADERS = { orderCode: '订单编号', shipperCode: '快递公司编码', waybillCode: '运单号', logisticsName: '物流公司' } as const;

/** wechat_payments.state as the console says it. */
export const WECHAT_PAYMENT_STATE_TEXT: Readonly<Record<number, string>> = {
  0: '待支付',
  1: '已支付',
  2: '已关闭',
  3: '支付失败',
  4: '已支付（未入账，已转退款）',
};

const M = CONSOLE_ORDER_MESSAGES;
/** An optional text filter: empty or missing means "any". */
const textFilter = (max: number, message: string, pattern?: RegExp) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message), ...(pattern ? [z.regex(pattern, message)] : [])))),
    z.transform((v) => v || undefined),
  );
const dateFilter = () => textFilter(10, M.dateInvalid, /^(\d{4}-\d{2}-\d{2})?$/);
const intFilter = (min: number, max: number, message: string) =>
  z.pipe(z.optional(z.nullable(intIn(message, z.minimum(min, message), z.maximum(max, message)))), z.transform((v) => v ?? undefined));

export const orderFiltersIn = formInOrder(
  z.object({
    orderCode: textFilter(32, M.orderCodeTooLong),
    /** The ordering agent's or the receiver's phone (whole number). */
    phone: textFilter(11, M.phoneInvalid, /^(\d{11})?$/),
    circulationState: intFilter(1, 7, M.stateInvalid),
    payType: intFilter(1, 15, M.payTypeInvalid),
    /** Order creation date range in China time, both days included. */
    from: dateFilter(),
    to: dateFilter(),
    /** ADR 0035: part of the ordering agent's name or phone. */
    agent: textFilter(32, M.keywordTooLong),
    /** ADR 0035: part of the receiver's name or phone. */
    receiver: textFilter(32, M.keywordTooLong),
    /** ADR 0035: a parcel's waybill (part of it, any case). */
    waybill: textFilter(40, M.waybillTooLong),
    /** ADR 0035: pay-date range in China time, both days included. */
    payFrom: dateFilter(),
    payTo: dateFilter(),
    phonePage: phonePageIn,
  }),
  {
    to: (v) => (typeof v.from === 'string' && typeof v.to === 'string' && v.from && v.to && v.to < v.from ? M.dateOrder : null),
    payTo: (v) => (typeof v.payFrom === 'string' && typeof v.payTo === 'string' && v.payFrom && v.payTo && v.payTo < v.payFrom ? M.dateOrder : null),
  },
);

const agentAndReceiver = {
  createAgentId: int(),
  createAgentName: z.string(),
  createAgentTel: z.string(),
  createAgentCode: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  /** Province, city, county and street in one line. */
  receiverFullAddress: z.string(),
};

export const lineBrief = z.object({ prodName: z.string(), specDispStr: z.string(), buyNum: int() });

export const orderToShip = z.object({
  /** ADR 0042: 'DD' an agent's order (`id` of orders), 'VD' a store order (`id` of store_orders; tagged 门店订单, shipped to the consumer). */
  kind: z.enum(['DD', 'VD']),
  id: int(),
  orderCode: z.string(),
  payType: int(),
  actualMoney: yuanOut,
  createDate: z.string(),
  payDate: when(),
  orderNote: z.string(),
  ...agentAndReceiver,
  lines: z.array(lineBrief),
});
export type OrderToShip = z.output<typeof orderToShip>;

/**
 * Orders awaiting shipment (paid, state 3), oldest paid first: the warehouse works the queue from its front. The agents'
 * orders and the stores' VD orders in one list, one order and one paging (ADR 0042).
 */
export const selectOrdersToShip = defineOp({
  name: 'selectOrdersToShip',
  path: '/api/staff/selectOrdersToShip.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, orderCode: textFilter(32, M.orderCodeTooLong), phone: textFilter(11, M.phoneInvalid, /^(\d{11})?$/) }),
  output: staffListOut(orderToShip),
});

export const batchShipRow = z.object({
  /** The row number in the file (the header is row 1). */
  row: int(),
  orderCode: z.string(),
  ok: z.boolean(),
  msg: z.string(),
});
export type BatchShipRow = z.output<typeof batchShipRow>;

/**
 * Multipart, file part `0`: a CSV (UTF-8 or GBK) or XLSX with the header row of BATCH_SHIP_HEADERS. Rows of the same
 * order become its parcels; each order ships alone, so a bad row fails with its reason and the others still ship.
 */
export const shipOrdersBatch = defineOp({
  name: 'shipOrdersBatch',
  path: '/api/staff/shipOrdersBatch.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(batchShipRow), obj: z.object({ rows: int(), shippedOrders: int(), failedRows: int() }) }),
  successMsg: '导入完成',
});

export const orderSearchRow = z.object({
  id: int(),
  orderCode: z.string(),
  orderType: int(),
  payType: int(),
  circulationState: int(),
  sendState: int(),
  actualMoney: yuanOut,
  totalMoney: yuanOut,
  postMoney: yuanOut,
  createDate: z.string(),
  payDate: when(),
  ...agentAndReceiver,
});
export type OrderSearchRow = z.output<typeof orderSearchRow>;

/** Orders matching the filters, newest first. */
export const searchOrders = defineOp({
  name: 'searchOrders',
  path: '/api/staff/searchOrders.do',
  auth: 'staff',
  input: orderFiltersIn,
  output: staffListOut(orderSearchRow),
});

export const staffOrderLine = z.object({
  id: int(),
  prodName: z.string(),
  specDispStr: z.string(),
  imgUrl: z.string(),
  buyNum: int(),
  prodPrice: yuanOut,
  prodDealPrice: yuanOut,
  prodAllMoney: yuanOut,
  isFirstGift: int(),
});

export const staffWechatPayment = z.object({
  id: int(),
  outTradeNo: z.string(),
  transactionId: z.nullable(z.string()),
  amount: yuanOut,
  /** Part reserved from the goods fund with it. */
  goodsPart: yuanOut,
  state: int(),
  stateText: z.string(),
  createDate: z.string(),
  paidDate: when(),
  /** refundWechatPayment would accept it now (paid, and its order closed or the money never applied). */
  refundable: z.boolean(),
});
export type StaffWechatPayment = z.output<typeof staffWechatPayment>;

export const staffParcel = z.object({
  id: int(),
  logisticsName: z.string(),
  shipperCode: z.string(),
  waybillCode: z.string(),
  phone: z.string(),
  createDate: z.string(),
});

export const orderLogEntry = z.object({ id: int(), orderState: int(), optName: z.string(), optBy: z.string(), optRemark: z.string(), createDate: z.string() });

export const staffOrderDetail = z.extend(orderSearchRow, {
  allMoney: yuanOut,
  pointBalanceMoney: yuanOut,
  actualPoint: int(),
  balancePoint: int(),
  goodsPayMoney: yuanOut,
  awardPayMoney: yuanOut,
  offlinePayMoney: yuanOut,
  confirmPayState: int(),
  confirmRejectReason: z.nullable(z.string()),
  orderNote: z.string(),
  payDeadline: when(),
  sendDate: when(),
  receiptDate: when(),
  closeDate: when(),
  closeReason: z.nullable(z.string()),
  /** closeOrderByStaff would accept it now (state 1). */
  canClose: z.boolean(),
  lines: z.array(staffOrderLine),
  payments: z.array(staffWechatPayment),
  /** Newest first, voucher links signed for this staff member. */
  receiptRecords: z.array(staffReceiptRecord),
  parcels: z.array(staffParcel),
  refunds: z.array(orderRefund),
  /** The state log, oldest first. */
  logs: z.array(orderLogEntry),
});
export type StaffOrderDetail = z.output<typeof staffOrderDetail>;

export const selectStaffOrderDetail = defineOp({
  name: 'selectStaffOrderDetail',
  path: '/api/staff/selectStaffOrderDetail.do',
  auth: 'staff',
  input: z.object({ orderId: idIn(M.orderNotFound) }),
  output: z.object({ obj: staffOrderDetail }),
});

/** The filtered list (at most EXPORT_MAX_ROWS) as an XLSX file, base64 in the envelope; phonePage is ignored. */
export const exportOrders = defineOp({
  name: 'exportOrders',
  path: '/api/staff/exportOrders.do',
  auth: 'staff',
  input: orderFiltersIn,
  output: z.object({ obj: z.object({ fileName: z.string(), base64: z.string(), rows: int() }) }),
});

export const closeOrderByStaff = defineOp({
  name: 'closeOrderByStaff',
  path: '/api/staff/closeOrderByStaff.do',
  auth: 'staff',
  input: z.object({
    orderId: idIn(M.orderNotFound),
    reason: required(ORDER_MESSAGES.reasonRequired, z.maxLength(CLOSE_REASON_MAX, ORDER_MESSAGES.reasonTooLong)),
  }),
  output: z.object({ obj: z.object({ id: int(), circulationState: int() }) }),
  successMsg: '订单已关闭',
});

/**
 * Refunds one WeChat payment in full through the provider (by our payment id, as the order detail lists it): only a
 * paid payment whose order is closed, or one that was never applied to its subject. A refund already processing is
 * asked for again (WeChat refunds one out_refund_no once).
 */
export const refundWechatPayment = defineOp({
  name: 'refundWechatPayment',
  path: '/api/staff/refundWechatPayment.do',
  auth: 'staff',
  input: z.object({
    paymentId: idIn(M.paymentNotFound),
    reason: required(M.refundReasonRequired, z.maxLength(80, M.refundReasonTooLong)),
  }),
  output: z.object({ obj: z.object({ paymentId: int(), refundState: int(), refundStateText: z.string() }) }),
  successMsg: '退款已提交',
});
