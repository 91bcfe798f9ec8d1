import { chinaTimeText, ORDER_STATE, REFUND_STATE_TEXT, type OpOutput, type selectOrderInfoByOrderId, type selectOrderInfoList } from '@shop/contract';
import type { OrderRow } from '../../db/schema.js';
import { receivingOf } from '../../lib/receiving-account.js';
import { toOrderBase, type OrderLineRow as LineRow } from '../order/order.queries.js';
import type { receiptsOfOrder, RefundRow } from '../payment/payment.queries.js';

type ReceiptRow = Awaited<ReturnType<typeof receiptsOfOrder>>[number];

/** What the handlers answer: money in fen, which the contract's output schema turns into yuan text at the wire edge. */
export type ListItemOut = OpOutput<typeof selectOrderInfoList>['objs'][number];
export type DetailOut = OpOutput<typeof selectOrderInfoByOrderId>['obj'];

const at = (isoText: string | null) => (isoText ? chinaTimeText(isoText) : null);

/** spec 2 §4 Buyer actions at the server's clock: an unpaid order past its window can be neither paid nor closed. */
export function actionsOf(o: OrderRow, now: Date) {
  const open = o.circulation_state === ORDER_STATE.unpaid && (o.pay_deadline === null || now.toISOString() < o.pay_deadline);
  return {
    canPay: open,
    canClose: open,
    canReceive: o.circulation_state === ORDER_STATE.shipped,
    canTrack: o.send_state === 1 || o.circulation_state === ORDER_STATE.shipped || o.circulation_state === ORDER_STATE.done,
  };
}

export function toLine(l: LineRow) {
  return {
    id: Number(l.id),
    prodId: Number(l.prod_id),
    singleProdId: Number(l.single_prod_id),
    buyNum: l.buy_num,
    prodPrice: Number(l.prod_price),
    prodDealPrice: Number(l.prod_deal_price),
    prodPoint: l.prod_point,
    isFirstGift: l.is_first_gift,
    prodSingleProductBo: { imgUrl: l.img_url, prodName: l.prod_name, specDispStr: l.spec_disp_str, finalPrice: Number(l.prod_price) },
  };
}

/** `sign` turns a stored upload URL into a link an <img> can open (modules/upload signedUrl). */
export function toReceipt(r: ReceiptRow, orderCode: string, sign: (url: string) => string) {
  return {
    id: Number(r.id),
    orderId: Number(r.order_id),
    orderCode,
    payMoney: Number(r.pay_money),
    postMoney: Number(r.post_money),
    // spec 2 §3: an offline receipt is sent with payWay 4 and payType 1.
    payWay: 4,
    payType: 1,
    ...receivingOf(r),
    remitAccountName: r.remit_account_name,
    remitAccountNumber: r.remit_account_number,
    voucherImgUrl: r.voucher_img_url,
    voucherImgUrls: r.voucher_img_url.split(/[;,]/).map((u) => u.trim()).filter(Boolean).map(sign),
    remark: r.remark,
    checkState: r.check_state,
    checkRemark: r.check_remark,
    createDate: chinaTimeText(r.created_at),
  };
}

/** A refund of the order's WeChat payment (amount in fen here, yuan on the wire). */
export function toRefund(r: RefundRow) {
  return {
    id: Number(r.id),
    refundMoney: Number(r.amount),
    refundState: r.state,
    refundStateText: REFUND_STATE_TEXT[r.state] ?? '',
    reason: r.reason,
    createDate: chinaTimeText(r.created_at),
    successDate: at(r.succeeded_at),
  };
}

export function toListItem(o: OrderRow, lines: LineRow[], waybillCode: string, now: Date): ListItemOut {
  return {
    ...toOrderBase(o),
    sendState: o.send_state,
    prodAllPoint: o.prod_all_point,
    receiverPhone: o.receiver_phone,
    waybillCode,
    payDeadline: at(o.pay_deadline),
    orderProductDetailBos: lines.map(toLine),
    refundState: o.refund_state,
    ...actionsOf(o, now),
  };
}

export interface DetailParts {
  lines: LineRow[];
  receipts: ReceiptRow[];
  refunds: RefundRow[];
  waybillCode: string;
}

export function toDetail(o: OrderRow, { lines, receipts, refunds, waybillCode }: DetailParts, now: Date, sign: (url: string) => string): DetailOut {
  return {
    ...toListItem(o, lines, waybillCode, now),
    allMoney: Number(o.all_money),
    balancePoint: o.balance_point,
    goodsPayMoney: Number(o.goods_pay_money),
    awardPayMoney: Number(o.award_pay_money),
    otherActualMoney: Number(o.other_actual_money),
    offlinePayMoney: Number(o.offline_pay_money),
    createAgentId: Number(o.create_agent_id),
    logisticsId: Number(o.id),
    receiverName: o.receiver_name,
    receiverProvince: o.receiver_province,
    receiverCity: o.receiver_city,
    receiverCounty: o.receiver_county,
    receiverAddress: o.receiver_address,
    orderNote: o.order_note,
    deliveryMode: 1,
    isForward: 0,
    isUpSendPost: o.is_up_send_post,
    payDate: at(o.pay_date),
    sendDate: at(o.send_date),
    receiptDate: at(o.receipt_date),
    closeDate: at(o.close_date),
    closeReason: o.close_reason,
    confirmPayState: o.confirm_pay_state,
    confirmRejectReason: o.confirm_reject_reason,
    apgSysCode: o.apg_sys_code,
    shopId: null,
    serverTime: chinaTimeText(now),
    orderReceiptRecordBos: receipts.map((r) => toReceipt(r, o.order_code, sign)),
    refunds: refunds.map(toRefund),
  };
}
