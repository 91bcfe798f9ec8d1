import { ORDER_PAY_TYPE_CODE, ORDER_STATE, PAY_METHOD, PAY_STATE, POINTS_CHANGE, STORE_CHANGE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import type { Trx } from '../../db/types.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import * as orders from '../../modules/order/order.queries.js';
import { addPaidOrder } from '../../modules/performance/performance.queries.js';
import { createWechatLifecycle, type SubjectHooks, type WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { bondSubject } from '../../modules/bond/bond.queries.js';
import { rechargeSubject } from '../../modules/upgrade/upgrade.queries.js';
import { storeOrderSubject } from './store-order-payment.js';

/**
 * orders.pay_type once paid (spec 2 §4 pay type codes): what paid it, and whether the goods fund took part. A points
 * exchange pairs the money with its points: goods fund 9, WeChat 12, total score 14, offline 15.
 */
export function paidType(order: OrderRow, method: 1 | 6 | 7 | 8, withBalance: boolean) {
  const withPoints = order.order_type === 3 && order.actual_point > 0;
  if (method === PAY_METHOD.balance) return withPoints ? ORDER_PAY_TYPE_CODE.exchangeBalance : ORDER_PAY_TYPE_CODE.balance;
  if (withPoints) return { 6: ORDER_PAY_TYPE_CODE.exchangeWechat, 7: ORDER_PAY_TYPE_CODE.exchangeIncome, 8: ORDER_PAY_TYPE_CODE.exchangeOffline }[method];
  return withBalance ? method : { 6: ORDER_PAY_TYPE_CODE.wechat, 7: ORDER_PAY_TYPE_CODE.income, 8: ORDER_PAY_TYPE_CODE.offline }[method];
}

/**
 * Welfare gift points (orders.gift_point) are credited when the order is paid, whatever paid it, in the payment's
 * transaction: every caller moves the order into "paid" by compare-and-set first, so they are credited once.
 */
export async function creditGiftPoints(trx: Trx, order: Pick<OrderRow, 'plat_id' | 'create_agent_id' | 'order_code' | 'gift_point'>, at: string) {
  if (order.gift_point <= 0) return;
  const m = { platId: order.plat_id, agentId: Number(order.create_agent_id), account: 'integral' as const, amount: order.gift_point, changeState: POINTS_CHANGE.spendingGift, orderCode: order.order_code, remark: '福利赠送积分', at };
  if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${order.create_agent_id} not found for the gift points`);
}

async function orderOf(trx: Trx, id: number) {
  const order = await orders.findOrderById(trx, id);
  if (!order) throw new Error(`order ${id} of a WeChat payment not found`);
  return order;
}

/** What the WeChat lifecycle does to an order (ADR 0012): the order is the subject kind 'order'. */
export const orderSubject: SubjectHooks = {
  changeCodes: { use: STORE_CHANGE.purchaseUse, back: STORE_CHANGE.orderClosedRefund },
  async codeOf(db, id) {
    return (await orders.findOrderById(db, id))?.order_code ?? null;
  },
  // The order shows the split while it waits: goods fund part and WeChat part.
  reserved: (trx, p) =>
    orders.moveState(trx, Number(p.subject_id), ORDER_STATE.unpaid, ORDER_STATE.unpaid, { goods_pay_money: p.goods_part, other_actual_money: p.amount }),
  async paid(trx, p, at) {
    const order = await orderOf(trx, Number(p.subject_id));
    const moved = await orders.moveState(trx, Number(order.id), ORDER_STATE.unpaid, ORDER_STATE.toShip, {
      pay_type: paidType(order, PAY_METHOD.wechat, p.goods_part > 0),
      pay_state: PAY_STATE.paid,
      pay_date: at,
      pay_serial: p.out_trade_no,
    });
    if (moved) {
      await creditGiftPoints(trx, order, at);
      await addPaidOrder(trx, order, at); // ADR 0045: the monthly performance rollup
    }
    return moved;
  },
  async released(trx, p) {
    await orders.releaseReservation(trx, Number(p.subject_id), p.goods_part);
  },
};

/**
 * The WeChat lifecycle with every subject's hooks (the order's here; top-ups, upgrades and deposits of ADR 0017), so
 * the notification, the reconcile job and every close settle any kind; compose.ts (the composition root) builds it once.
 */
export function createOrderWechat(deps: Deps): WechatLifecycle {
  return createWechatLifecycle(deps, { order: orderSubject, recharge: rechargeSubject, upgrade: rechargeSubject, bond: bondSubject, store_order: storeOrderSubject });
}
