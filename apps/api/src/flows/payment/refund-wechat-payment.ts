import { CONSOLE_ORDER_MESSAGES as M, ORDER_STATE, REFUND_STATE_TEXT } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { findOrderById } from '../../modules/order/order.queries.js';
import {
  findRefundOfPayment,
  findWechatPaymentById,
  markPaidNotApplied,
  PAYMENT_STATE,
  REFUND_STATE,
  type WechatLifecycle,
  type WechatPaymentRow,
} from '../../modules/payment/payment.queries.js';
import { auditOrderWrite, type StaffActor } from '../../modules/staff/staff.queries.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

const refuse = (message: string) => new AppError('VALIDATION', message);
const CLOSED_ORDER: number[] = [ORDER_STATE.closed, ORDER_STATE.timedOut];

/**
 * refundWechatPayment (ADR 0020): the whole payment refunded through the payment wing (wechat-refunds.ts: one
 * refund per payment, out_refund_no from its serial, asked after commit; WeChat refunds one out_refund_no once). Only
 * money that paid for nothing may go back: a payment WeChat took after its subject had closed (state 4, normally
 * refunded automatically; this asks again or makes up a missing refund), or a paid order payment whose order is closed.
 * Of two staff refunding at once one records the refund (unique refund per payment); the other is told.
 */
export function createStaffRefund(deps: Deps, wechat: WechatLifecycle) {
  const k = deps.db.kysely;

  /** The rules on a payment without a refund yet; answers whether it must first be set aside as not applied. */
  async function mayRefund(p: WechatPaymentRow): Promise<boolean> {
    if (p.state === PAYMENT_STATE.late) return false;
    if (p.state !== PAYMENT_STATE.paid) throw refuse(M.refundNotPaid);
    const order = p.subject_kind === 'order' ? await findOrderById(k, Number(p.subject_id)) : undefined;
    if (!order || !CLOSED_ORDER.includes(order.circulation_state)) throw refuse(M.refundNotAllowed);
    return true;
  }

  return {
    async refund(actor: StaffActor, input: { paymentId: number; reason: string }) {
      const p = await findWechatPaymentById(k, input.paymentId);
      if (!p || p.plat_id !== actor.platId) throw new AppError('RECORD_NOT_FOUND', M.paymentNotFound);
      const existing = await findRefundOfPayment(k, Number(p.id));
      if (existing?.state === REFUND_STATE.succeeded) throw refuse(M.refundDone);
      if (existing && existing.state !== REFUND_STATE.processing) throw refuse(M.refundStuck);
      const setAside = existing ? false : await mayRefund(p);
      const at = iso(deps.clock.now());
      try {
        await k.transaction().execute(async (trx) => {
          if (setAside && !(await markPaidNotApplied(trx, Number(p.id)))) throw refuse(M.paymentChanged);
          if (!existing) await wechat.refunds.recordIn(trx, p, input.reason, at);
          await auditOrderWrite(trx, actor, {
            operation: 'refundWechatPayment',
            targetKind: 'wechatPayment',
            targetId: Number(p.id),
            agentId: Number(p.agent_id),
            amount: p.amount,
            before: String(p.state),
            after: String(PAYMENT_STATE.late),
            reason: input.reason,
            detail: `${p.subject_kind} ${p.subject_id} ${p.out_trade_no}${existing ? ' asked again' : ''}`,
            at,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(M.paymentChanged);
        throw err;
      }
      // Asked after the commit; if WeChat cannot be reached now, the reconcile job asks again (same out_refund_no).
      await wechat.refunds.askFor(Number(p.id)).catch((err: unknown) => deps.log.warn({ paymentId: Number(p.id), err: String(err) }, 'wechatpay refund not asked yet'));
      const refund = (await findRefundOfPayment(k, Number(p.id)))!;
      const obj = { paymentId: Number(p.id), refundState: refund.state, refundStateText: REFUND_STATE_TEXT[refund.state] ?? '' };
      return existing ? { obj, msg: M.refundAskedAgain } : { obj };
    },
  };
}
export type StaffRefund = ReturnType<typeof createStaffRefund>;
