import { CONSOLE_ORDER_MESSAGES as M, ORDER_STATE } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { findOrderById } from '../modules/order/order.queries.js';
import type { WechatLifecycle } from '../modules/payment/payment.queries.js';
import { auditOrderWrite, operatorName, stateChanged, type StaffActor } from '../modules/staff/staff.queries.js';
import { closeUnpaidOrder } from './close-order.js';

/**
 * closeOrderByStaff (ADR 0020): an unpaid order of the platform closed with the staff member's reason, the way
 * the agent closes it (close-order.ts: the open WeChat payment closed at WeChat first, stock, points and reserved goods
 * fund given back by compare-and-set), with the audit record in the closing transaction.
 */
export function createStaffOrderClosing(deps: Deps, wechat: WechatLifecycle) {
  const k = deps.db.kysely;
  return {
    async close(actor: StaffActor, input: { orderId: number; reason: string }) {
      const order = await findOrderById(k, input.orderId);
      if (!order || order.plat_id !== actor.platId) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
      if (order.circulation_state !== ORDER_STATE.unpaid) throw new AppError('VALIDATION', M.closeOnlyUnpaid);
      if ((await wechat.closeOpen('order', input.orderId)) === 'paid') throw new AppError('VALIDATION', M.closePaidMeanwhile);
      const by = operatorName(actor);
      const now = deps.clock.now();
      await k.transaction().execute(async (trx) => {
        const request = { orderId: input.orderId, to: ORDER_STATE.closed, reason: input.reason, by, at: now };
        if (!(await closeUnpaidOrder(trx, request, wechat))) throw stateChanged();
        await auditOrderWrite(trx, actor, {
          operation: 'closeOrderByStaff',
          targetKind: 'order',
          targetId: input.orderId,
          agentId: Number(order.create_agent_id),
          amount: Number(order.actual_money),
          before: String(ORDER_STATE.unpaid),
          after: String(ORDER_STATE.closed),
          reason: input.reason,
          detail: order.order_code,
          at: now.toISOString(),
        });
      });
      return { obj: { id: input.orderId, circulationState: ORDER_STATE.closed } };
    },
  };
}
export type StaffOrderClosing = ReturnType<typeof createStaffOrderClosing>;
