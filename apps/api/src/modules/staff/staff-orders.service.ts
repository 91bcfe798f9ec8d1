import { chinaTimeText, ORDER_STATE, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import { toOrderBase } from '../order/order.queries.js';
import { toReceipt as toAgentReceipt } from '../orders-view/orders-view.queries.js';
import type { StaffActor } from './staff-actor.js';
import * as repo from './staff.repository.js';


/** Turns a stored voucher url into a link an <img> can open (uploads are read through short-lived signed links). */
export interface VoucherLinks {
  /** For this staff member only (modules/upload binds the link to its viewer). */
  signedUrl(url: string, viewer: { staffId: number }): string;
}

/** The agent's receipt record (orders-view), with the signed links in `voucherImgUrl` and the review date. */
export function toStaffReceipt(r: repo.ReceiptRow, orderCode: string, sign: (url: string) => string) {
  const record = toAgentReceipt(r, orderCode, sign);
  return { ...record, voucherImgUrl: record.voucherImgUrls.join(';'), checkDate: r.checked_at ? chinaTimeText(r.checked_at) : null };
}

/** The order's wire base (order-info.ts) with what the review needs: the split, the agent, the receipts. */
function toPendingOrder(o: OrderRow, receipts: repo.ReceiptRow[], sign: (url: string) => string) {
  return {
    ...toOrderBase(o),
    confirmPayState: o.confirm_pay_state,
    goodsPayMoney: Number(o.goods_pay_money),
    awardPayMoney: Number(o.award_pay_money),
    offlinePayMoney: Number(o.offline_pay_money),
    createAgentId: Number(o.create_agent_id),
    createAgentName: o.create_agent_name,
    createAgentTel: o.create_agent_tel,
    createAgentCode: o.create_agent_code,
    receiverName: o.receiver_name,
    receiptRecords: receipts.map((r) => toStaffReceipt(r, o.order_code, sign)),
  };
}

/** The staff's reads of orders; reviewing and shipping are flows (flows/payment/review-offline-payment.ts, flows/ship-order.ts). */
export function createStaffOrders(deps: Deps, links: VoucherLinks) {
  const k = deps.db.kysely;
  return {
    /** Orders awaiting the review of their offline payment, with their receipt records (voucher links for this staff member). */
    async pendingReview(actor: Pick<StaffActor, 'platId' | 'staffId'>, page: { pageSize: number; pageNum: number }) {
      const total = await repo.countInState(k, actor.platId, ORDER_STATE.review);
      const rows = await repo.pageInState(k, actor.platId, ORDER_STATE.review, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const receipts = await repo.receiptsOfOrders(k, rows.map((r) => Number(r.id)));
      const sign = (u: string) => links.signedUrl(u, { staffId: actor.staffId });
      const phonePage: PhonePage = { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) };
      return {
        objs: rows.map((o) => toPendingOrder(o, receipts.filter((r) => Number(r.order_id) === Number(o.id)), sign)),
        obj: { phonePage, total },
      };
    },
  };
}
export type StaffOrders = ReturnType<typeof createStaffOrders>;
