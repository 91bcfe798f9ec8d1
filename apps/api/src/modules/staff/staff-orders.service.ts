import { chinaTimeText, companyByCode, STAFF_MESSAGES, type PhonePage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { addMs, iso, MINUTE } from '../../lib/clock.js';
import { moveBalance } from '../ledger/ledger.repository.js';
import { insertParcels } from '../logistics/logistics.repository.js';
import * as orders from '../order/order.repository.js';
import { assertTransition, ORDER_STATE } from '../order/order-state.js';
import * as repo from './staff.repository.js';
import { toReceipt as toAgentReceipt } from '../orders-view/orders-view.map.js';

/** spec 3 §9 change codes for money given back: goods fund 15 (order closed refund), total score 19 (order cancelled add). */
const CHANGE_BACK = { store: 15, income: 19 } as const;

/** spec 3 §9 points changeState 14: welfare gift points, credited when the order is paid (as flows/order-payment.ts). */
const GIFT_POINTS = 14;

/** Offline payment confirmation (orders.confirm_pay_state): 2 approved, 3 rejected. */
const CONFIRM = { approved: 2, rejected: 3 } as const;

const stateChanged = () => new AppError('VALIDATION', STAFF_MESSAGES.stateChanged);

/** The staff member acting, for the order log. */
export interface Actor {
  staffId: number;
  platId: string;
}

/** Turns a stored voucher url into a link an <img> can open (uploads are read through short-lived signed links). */
export interface VoucherLinks {
  /** For this staff member only (modules/upload binds the link to its viewer). */
  signedUrl(url: string, viewer?: { staffId: number }): string;
}

/** The agent's receipt record (orders-view), with the signed links in `voucherImgUrl` and the review date. */
function toReceipt(r: repo.ReceiptRow, orderCode: string, links: VoucherLinks) {
  const sign = (u: string) => links.signedUrl(u);
  const record = toAgentReceipt(r, orderCode, sign);
  return { ...record, voucherImgUrl: record.voucherImgUrls.join(';'), checkDate: r.checked_at ? chinaTimeText(r.checked_at) : null };
}

function toPendingOrder(o: OrderRow, receipts: repo.ReceiptRow[], links: VoucherLinks) {
  return {
    id: Number(o.id),
    orderCode: o.order_code,
    orderType: o.order_type,
    payType: o.pay_type,
    circulationState: o.circulation_state,
    confirmPayState: o.confirm_pay_state,
    actualMoney: o.actual_money,
    totalMoney: o.total_money,
    postMoney: o.post_money,
    goodsPayMoney: o.goods_pay_money,
    awardPayMoney: o.award_pay_money,
    offlinePayMoney: o.offline_pay_money,
    createAgentId: Number(o.create_agent_id),
    createAgentName: o.create_agent_name,
    createAgentTel: o.create_agent_tel,
    createAgentCode: o.create_agent_code,
    receiverName: o.receiver_name,
    createDate: chinaTimeText(o.created_at),
    receiptRecords: receipts.map((r) => toReceipt(r, o.order_code, links)),
  };
}

export function createStaffOrders(deps: Deps, links: VoucherLinks) {
  const { db, clock } = deps;
  const k = db.kysely;

  /** The platform's order, in `from` and allowed to move to `to` (order-state.ts); else the spec's refusal. */
  async function orderOf(actor: Actor, orderId: number, from: number, to: number) {
    const order = await repo.findOrderOfPlatform(k, actor.platId, orderId);
    if (!order) throw new AppError('RECORD_NOT_FOUND', STAFF_MESSAGES.orderNotFound);
    if (order.circulation_state !== from) throw stateChanged();
    assertTransition(from, to);
    return order;
  }

  async function optBy(actor: Actor) {
    const staff = await repo.findStaffById(k, actor.staffId);
    return `staff:${staff?.username ?? actor.staffId}`;
  }

  /** Gives back what the offline split took from the goods fund and the total score, with ledger records. */
  async function creditBack(trx: Trx, order: OrderRow, at: string) {
    const parts = await repo.reservedParts(trx, Number(order.id));
    const base = { platId: order.plat_id, agentId: Number(order.create_agent_id), orderCode: order.order_code, remark: '线下支付驳回退回', at };
    for (const [account, amount] of [
      ['store', parts.goods_pay_money],
      ['income', parts.award_pay_money],
    ] as const) {
      if (amount <= 0) continue;
      const after = await moveBalance(trx, { ...base, account, amount, changeState: CHANGE_BACK[account] });
      if (after === null) throw new Error(`order ${order.id}: agent ${order.create_agent_id} not found for the credit back`);
    }
    await repo.clearReservedParts(trx, Number(order.id));
  }

  return {
    /** Orders awaiting the review of their offline payment, with their receipt records. */
    async pendingReview(actor: Actor, page: { pageSize: number; pageNum: number }) {
      const total = await repo.countInState(k, actor.platId, ORDER_STATE.review);
      const rows = await repo.pageInState(k, actor.platId, ORDER_STATE.review, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const receipts = await repo.receiptsOfOrders(k, rows.map((r) => Number(r.id)));
      const forStaff: VoucherLinks = { signedUrl: (u) => links.signedUrl(u, { staffId: actor.staffId }) };
      const phonePage: PhonePage = { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) };
      return {
        objs: rows.map((o) => toPendingOrder(o, receipts.filter((r) => Number(r.order_id) === Number(o.id)), forStaff)),
        obj: { phonePage },
      };
    },

    /**
     * Approve: receipt 1, order 2 → 3, paid. Reject: receipt 2 with the reason, order 2 → 1 with confirmRejectReason
     * (the agent can pay again, within a new payment window) and the balance parts of the split given back, all in one
     * transaction. Whoever moves the order first wins; the others answer '订单状态已变化，请刷新后重试'.
     */
    async review(actor: Actor, input: { orderId: number; approve: boolean; reason: string }) {
      const to = input.approve ? ORDER_STATE.toShip : ORDER_STATE.unpaid;
      const order = await orderOf(actor, input.orderId, ORDER_STATE.review, to);
      const by = await optBy(actor);
      const now = clock.now();
      const at = iso(now);
      // Paying again gets a fresh payment window (the one from the order's creation has usually run out by now).
      const payMinutes = input.approve ? 0 : ((await orders.findRules(k, order.plat_id))?.no_pay_minutes ?? 30);
      const orderId = Number(order.id);
      return k.transaction().execute(async (trx) => {
        const receipt = await repo.pendingReceipt(trx, orderId);
        if (!receipt) throw stateChanged();
        if (input.approve) {
          const moved = await orders.moveState(trx, orderId, ORDER_STATE.review, ORDER_STATE.toShip, {
            confirm_pay_state: CONFIRM.approved,
            pay_state: 1,
            pay_date: at,
          });
          if (!moved || !(await repo.checkReceipt(trx, Number(receipt.id), 1, input.reason, at))) throw stateChanged();
          if (order.gift_point > 0) {
            const gift = { platId: order.plat_id, agentId: Number(order.create_agent_id), account: 'integral' as const, amount: order.gift_point, changeState: GIFT_POINTS, orderCode: order.order_code, remark: '福利赠送积分', at };
            if ((await moveBalance(trx, gift)) === null) throw new Error(`order ${orderId}: agent ${order.create_agent_id} not found for the gift points`);
          }
          await repo.insertOrderLog(trx, { order_id: orderId, order_state: ORDER_STATE.toShip, opt_name: '线下支付审核通过', opt_by: by, opt_remark: input.reason, created_at: at });
          return { obj: { id: orderId, circulationState: ORDER_STATE.toShip, confirmPayState: CONFIRM.approved }, msg: '审核通过' };
        }
        const moved = await orders.moveState(trx, orderId, ORDER_STATE.review, ORDER_STATE.unpaid, {
          confirm_pay_state: CONFIRM.rejected,
          confirm_reject_reason: input.reason,
          pay_deadline: iso(addMs(now, payMinutes * MINUTE)),
        });
        if (!moved || !(await repo.checkReceipt(trx, Number(receipt.id), 2, input.reason, at))) throw stateChanged();
        await creditBack(trx, order, at);
        await repo.insertOrderLog(trx, { order_id: orderId, order_state: ORDER_STATE.unpaid, opt_name: '线下支付审核驳回', opt_by: by, opt_remark: input.reason, created_at: at });
        return { obj: { id: orderId, circulationState: ORDER_STATE.unpaid, confirmPayState: CONFIRM.rejected }, msg: '已驳回' };
      });
    },

    /** Ship: order 3 → 4, sendState 1, the parcels (1 to 10) recorded, in one transaction. */
    async ship(actor: Actor, input: { orderId: number; parcels: { logisticsName: string; shipperCode: string; waybillCode: string; phone: string }[] }) {
      const codes = input.parcels.map((p) => `${p.shipperCode}:${p.waybillCode.toUpperCase()}`);
      if (new Set(codes).size !== codes.length) throw new AppError('VALIDATION', STAFF_MESSAGES.waybillRepeated);
      const order = await orderOf(actor, input.orderId, ORDER_STATE.toShip, ORDER_STATE.shipped);
      const by = await optBy(actor);
      const at = iso(clock.now());
      const orderId = Number(order.id);
      const parcels = input.parcels.map((p) => ({ ...p, phone: p.phone || companyByCode(p.shipperCode)?.phone || '' }));
      await k.transaction().execute(async (trx) => {
        const moved = await orders.moveState(trx, orderId, ORDER_STATE.toShip, ORDER_STATE.shipped, { send_state: 1, send_date: at });
        if (!moved) throw stateChanged();
        await insertParcels(trx, orderId, parcels, at);
        const remark = parcels.map((p) => `${p.logisticsName} ${p.waybillCode}`).join('; ').slice(0, 200);
        await repo.insertOrderLog(trx, { order_id: orderId, order_state: ORDER_STATE.shipped, opt_name: '发货', opt_by: by, opt_remark: remark, created_at: at });
      });
      return { obj: { id: orderId, circulationState: ORDER_STATE.shipped, sendState: 1 } };
    },
  };
}
export type StaffOrders = ReturnType<typeof createStaffOrders>;
