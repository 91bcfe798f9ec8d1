import { CONFIRM_PAY_STATE, ORDER_GIVE_BACK, ORDER_STATE, PAY_STATE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { OrderRow } from '../../db/schema.js';
import type { Trx } from '../../db/types.js';
import { addMs, iso, MINUTE } from '../../lib/clock.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import * as orders from '../../modules/order/order.queries.js';
import { addPaidOrder } from '../../modules/performance/performance.queries.js';
import { checkReceipt, pendingReceipt } from '../../modules/payment/payment.queries.js';
import { auditOrderWrite, operatorName, platformOrderIn, stateChanged, type StaffActor } from '../../modules/staff/staff.queries.js';
import { creditGiftPoints } from './order-payment.js';
import { fenText, notify } from '../../modules/notification/notification.queries.js';

/** Gives back what the offline split took from the goods fund and the total score, with ledger records. */
async function creditBack(trx: Trx, order: OrderRow, at: string) {
  // Read inside the transaction that just moved the order, so nobody else can change the parts.
  const parts = (await orders.findOrderById(trx, Number(order.id)))!;
  const base = { platId: order.plat_id, agentId: Number(order.create_agent_id), orderCode: order.order_code, remark: '线下支付驳回退回', at };
  for (const [account, amount] of [
    ['store', Number(parts.goods_pay_money)],
    ['totalScore', Number(parts.award_pay_money)],
  ] as const) {
    if (amount <= 0) continue;
    const after = await moveBalance(trx, { ...base, account, amount, changeState: ORDER_GIVE_BACK[account] });
    if (after === null) throw new Error(`order ${order.id}: agent ${order.create_agent_id} not found for the credit back`);
  }
  await orders.clearBalanceParts(trx, Number(order.id));
}

/**
 * The staff review of an offline payment (ADR 0010). Approve: receipt 1, order 2 → 3, paid, the welfare gift
 * points credited. Reject: receipt 2 with the reason, order 2 → 1 with confirmRejectReason (the agent can pay again,
 * within a new payment window) and the balance parts of the split given back, all in one transaction. Whoever moves the
 * order first wins; the others answer '订单状态已变化，请刷新后重试'.
 */
export function createOfflineReview(deps: Deps) {
  const k = deps.db.kysely;
  return {
    async review(actor: StaffActor, input: { orderId: number; approve: boolean; reason: string }) {
      const to = input.approve ? ORDER_STATE.toShip : ORDER_STATE.unpaid;
      const order = await platformOrderIn(k, actor, input.orderId, ORDER_STATE.review, to);
      const by = operatorName(actor);
      const now = deps.clock.now();
      const at = iso(now);
      // Paying again gets a fresh payment window (the one from the order's creation has usually run out by now).
      const payMinutes = input.approve ? 0 : ((await orders.findRules(k, order.plat_id))?.no_pay_minutes ?? 30);
      const orderId = Number(order.id);
      return k.transaction().execute(async (trx) => {
        const receipt = await pendingReceipt(trx, orderId);
        if (!receipt) throw stateChanged();
        // One audit record per decision, in its transaction: the offline amount decided on, the receipt in the detail.
        const audit = (after: number) =>
          auditOrderWrite(trx, actor, {
            operation: 'reviewOfflinePayment',
            targetKind: 'order',
            targetId: orderId,
            agentId: Number(order.create_agent_id),
            amount: Number(receipt.pay_money),
            before: String(ORDER_STATE.review),
            after: String(after),
            reason: input.reason,
            detail: `${order.order_code} receipt ${receipt.id}`,
            at,
          });
        // ADR 0037: the agent is told in this transaction (one event per receipt: a refused order may be paid again).
        const tell = (approved: boolean) =>
          notify(trx, {
            platId: order.plat_id,
            agentId: Number(order.create_agent_id),
            key: `offline-payment:${receipt.id}:${approved ? 'approved' : 'rejected'}`,
            kind: 'offlinePayment',
            title: approved ? '线下支付已确认' : '线下支付被驳回',
            body: approved
              ? `订单 ${order.order_code} 的线下付款 ${fenText(receipt.pay_money)} 已确认，等待发货。`
              : `订单 ${order.order_code} 的线下付款 ${fenText(receipt.pay_money)} 被驳回：${input.reason}。请重新支付。`,
            link: `/ordersDetail?id=${orderId}`,
            at,
            fields: { amount: fenText(receipt.pay_money), reason: input.reason, orderCode: order.order_code },
          });
        if (input.approve) {
          const moved = await orders.moveState(trx, orderId, ORDER_STATE.review, ORDER_STATE.toShip, {
            confirm_pay_state: CONFIRM_PAY_STATE.approved,
            pay_state: PAY_STATE.paid,
            pay_date: at,
          });
          if (!moved || !(await checkReceipt(trx, Number(receipt.id), 1, input.reason, at, actor.staffId))) throw stateChanged();
          await creditGiftPoints(trx, order, at);
          await addPaidOrder(trx, order, at); // ADR 0045: the monthly performance rollup
          await orders.addLog(trx, { order_id: orderId, order_state: ORDER_STATE.toShip, opt_name: '线下支付审核通过', opt_by: by, opt_remark: input.reason, created_at: at });
          await audit(ORDER_STATE.toShip);
          await tell(true);
          return { obj: { id: orderId, circulationState: ORDER_STATE.toShip, confirmPayState: CONFIRM_PAY_STATE.approved }, msg: '审核通过' };
        }
        const moved = await orders.moveState(trx, orderId, ORDER_STATE.review, ORDER_STATE.unpaid, {
          confirm_pay_state: CONFIRM_PAY_STATE.rejected,
          confirm_reject_reason: input.reason,
          pay_deadline: iso(addMs(now, payMinutes * MINUTE)),
        });
        if (!moved || !(await checkReceipt(trx, Number(receipt.id), 2, input.reason, at, actor.staffId))) throw stateChanged();
        await creditBack(trx, order, at);
        await orders.addLog(trx, { order_id: orderId, order_state: ORDER_STATE.unpaid, opt_name: '线下支付审核驳回', opt_by: by, opt_remark: input.reason, created_at: at });
        await audit(ORDER_STATE.unpaid);
        await tell(false);
        return { obj: { id: orderId, circulationState: ORDER_STATE.unpaid, confirmPayState: CONFIRM_PAY_STATE.rejected }, msg: '已驳回' };
      });
    },
  };
}
export type OfflineReview = ReturnType<typeof createOfflineReview>;
