import { addressLine, chinaTimeText, CONSOLE_ORDER_MESSAGES as M, ORDER_STATE, parseChinaTime, WECHAT_PAYMENT_STATE_TEXT as WECHAT_STATE_TEXT, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { parcelsOf } from '../logistics/logistics.queries.js';
import * as orders from '../order/order.queries.js';
import { toRefund } from '../orders-view/orders-view.queries.js';
import { paymentsOfSubject, refundsOf, PAYMENT_STATE, REFUND_STATE, type RefundRow, type WechatPaymentRow } from '../payment/payment.queries.js';
import { toStaffReceipt, type VoucherLinks } from './staff-orders.service.js';
import type { StaffActor } from './staff-actor.js';
import * as repo from './staff.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (t: string | null) => (t ? chinaTimeText(t) : null);

/** The console's filters as they come from the contract (dates 'YYYY-MM-DD' in China time, both days included). */
export interface ConsoleFilters {
  orderCode?: string;
  phone?: string;
  circulationState?: number;
  payType?: number;
  from?: string;
  to?: string;
  agent?: string;
  receiver?: string;
  waybill?: string;
  payFrom?: string;
  payTo?: string;
}

/** A China-time day's first instant (UTC ISO); refuses a day that does not exist (2026-02-30). */
function dayStart(day: string): number {
  const ms = parseChinaTime(`${day} 00:00:00`);
  if (Number.isNaN(ms) || chinaTimeText(new Date(ms)).slice(0, 10) !== day) throw new AppError('VALIDATION', M.dateInvalid);
  return ms;
}

export function toOrderFilter(platId: string, f: ConsoleFilters): orders.OrderFilter {
  return {
    platId,
    orderCode: f.orderCode,
    phone: f.phone,
    circulationState: f.circulationState,
    payType: f.payType,
    fromAt: f.from ? new Date(dayStart(f.from)).toISOString() : undefined,
    beforeAt: f.to ? new Date(dayStart(f.to) + DAY_MS).toISOString() : undefined,
    agent: f.agent,
    receiver: f.receiver,
    waybill: f.waybill,
    paidFromAt: f.payFrom ? new Date(dayStart(f.payFrom)).toISOString() : undefined,
    paidBeforeAt: f.payTo ? new Date(dayStart(f.payTo) + DAY_MS).toISOString() : undefined,
  };
}

export const fullAddress = (o: OrderRow) => addressLine(o.receiver_province, o.receiver_city, o.receiver_county, o.receiver_address);

/** The list row every console table of orders shares (money in fen; yuan at the wire edge). */
export function toSearchRow(o: OrderRow) {
  return {
    ...orders.toOrderBase(o),
    sendState: o.send_state,
    payDate: at(o.pay_date),
    createAgentId: Number(o.create_agent_id),
    createAgentName: o.create_agent_name,
    createAgentTel: o.create_agent_tel,
    createAgentCode: o.create_agent_code,
    receiverName: o.receiver_name,
    receiverPhone: o.receiver_phone,
    receiverFullAddress: fullAddress(o),
  };
}

/** The lines of many orders, asked in chunks (a parameter list stays well under both databases' limits). */
export async function linesByOrder(db: Executor, ids: number[]) {
  const byOrder = new Map<number, orders.OrderLineRow[]>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const l of await orders.linesOf(db, ids.slice(i, i + 500))) {
      byOrder.set(Number(l.order_id), [...(byOrder.get(Number(l.order_id)) ?? []), l]);
    }
  }
  return byOrder;
}

/** refundWechatPayment's rule, for the detail's button: money that paid for nothing, not yet refunded (or still asking). */
function refundable(p: WechatPaymentRow, order: OrderRow, refund: RefundRow | undefined) {
  if (refund) return refund.state === REFUND_STATE.processing;
  const closed = order.circulation_state === ORDER_STATE.closed || order.circulation_state === ORDER_STATE.timedOut;
  return p.state === PAYMENT_STATE.late || (p.state === PAYMENT_STATE.paid && closed);
}

/** The staff console's reads of orders (ADR 0020), platform-scoped. */
export function createConsoleOrders(deps: Deps, links: VoucherLinks) {
  const k = deps.db.kysely;
  const paged = (page: { pageSize: number; pageNum: number }, total: number) => {
    const phonePage: PhonePage = { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) };
    return { phonePage, total };
  };
  return {
    async toShip(actor: Pick<StaffActor, 'platId' | 'staffId'>, input: ConsoleFilters & { phonePage: { pageSize: number; pageNum: number } }) {
      const f = { ...toOrderFilter(actor.platId, { orderCode: input.orderCode, phone: input.phone }), circulationState: ORDER_STATE.toShip };
      const page = input.phonePage;
      const total = await orders.countOrders(k, f);
      const rows = await orders.toShipRows(k, f, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const lines = await linesByOrder(k, rows.map((o) => Number(o.id)));
      const objs = rows.map((o) => ({
        ...toSearchRow(o),
        orderNote: o.order_note,
        lines: (lines.get(Number(o.id)) ?? []).map((l) => ({ prodName: l.prod_name, specDispStr: l.spec_disp_str, buyNum: l.buy_num })),
      }));
      return { objs, obj: paged(page, total) };
    },

    async search(actor: Pick<StaffActor, 'platId' | 'staffId'>, input: ConsoleFilters & { phonePage: { pageSize: number; pageNum: number } }) {
      const f = toOrderFilter(actor.platId, input);
      const page = input.phonePage;
      const total = await orders.countOrders(k, f);
      const rows = await orders.searchOrderRows(k, f, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return { objs: rows.map(toSearchRow), obj: paged(page, total) };
    },

    async detail(actor: Pick<StaffActor, 'platId' | 'staffId'>, orderId: number) {
      const o = await repo.findOrderOfPlatform(k, actor.platId, orderId);
      if (!o) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      const [lines, payments, receipts, parcels, refunds, logs] = await Promise.all([
        orders.linesOf(k, [orderId]),
        paymentsOfSubject(k, 'order', orderId),
        repo.receiptsOfOrders(k, [orderId]),
        parcelsOf(k, orderId, 100),
        refundsOf(k, 'order', orderId),
        orders.logsOfOrder(k, orderId),
      ]);
      const sign = (u: string) => links.signedUrl(u, { staffId: actor.staffId });
      return {
        obj: {
          ...toSearchRow(o),
          allMoney: Number(o.all_money),
          balancePoint: o.balance_point,
          goodsPayMoney: Number(o.goods_pay_money),
          awardPayMoney: Number(o.award_pay_money),
          offlinePayMoney: Number(o.offline_pay_money),
          confirmPayState: o.confirm_pay_state,
          confirmRejectReason: o.confirm_reject_reason,
          orderNote: o.order_note,
          payDeadline: at(o.pay_deadline),
          sendDate: at(o.send_date),
          receiptDate: at(o.receipt_date),
          closeDate: at(o.close_date),
          closeReason: o.close_reason,
          canClose: o.circulation_state === ORDER_STATE.unpaid,
          lines: lines.map((l) => ({
            id: Number(l.id),
            prodName: l.prod_name,
            specDispStr: l.spec_disp_str,
            imgUrl: l.img_url,
            buyNum: l.buy_num,
            prodPrice: Number(l.prod_price),
            prodDealPrice: Number(l.prod_deal_price),
            prodAllMoney: Number(l.prod_all_money),
            isFirstGift: l.is_first_gift,
          })),
          payments: payments.map((p) => ({
            id: Number(p.id),
            outTradeNo: p.out_trade_no,
            transactionId: p.transaction_id,
            amount: p.amount,
            goodsPart: p.goods_part,
            state: p.state,
            stateText: WECHAT_STATE_TEXT[p.state] ?? String(p.state),
            createDate: chinaTimeText(p.created_at),
            paidDate: at(p.paid_at),
            refundable: refundable(p, o, refunds.find((r) => Number(r.payment_id) === Number(p.id))),
          })),
          receiptRecords: receipts.map((r) => toStaffReceipt(r, o.order_code, sign)),
          parcels: parcels.map((p) => ({
            id: Number(p.id),
            logisticsName: p.logistics_name,
            shipperCode: p.shipper_code,
            waybillCode: p.waybill_code,
            phone: p.phone,
            createDate: chinaTimeText(p.created_at),
          })),
          refunds: refunds.map(toRefund),
          logs: logs.map((l) => ({ id: Number(l.id), orderState: l.order_state, optName: l.opt_name, optBy: l.opt_by, optRemark: l.opt_remark, createDate: chinaTimeText(l.created_at) })),
        },
      };
    },
  };
}
export type ConsoleOrders = ReturnType<typeof createConsoleOrders>;
