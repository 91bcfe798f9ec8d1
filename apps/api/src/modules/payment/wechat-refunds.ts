import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { iso } from '../../lib/clock.js';
import type { RefundNotice } from '../../providers/wechatpay/wechatpay-provider.js';
import { findRefundOfPayment, findWechatPaymentById } from './staff-payments.repository.js';
import * as repo from './wechat-payment.repository.js';
import { REFUND_STATE, type WechatPaymentRow } from './wechat-payment.repository.js';

const FINAL: Record<string, number> = { SUCCESS: REFUND_STATE.succeeded, CLOSED: REFUND_STATE.closed, ABNORMAL: REFUND_STATE.abnormal };

/**
 * Refunds of WeChat payments: recorded first (one per payment, out_refund_no made from the payment's serial), then
 * asked of WeChat, which refunds one out_refund_no once however often it is asked; the final state comes by the
 * REFUND.* notification or by the reconcile job's query.
 */
export function createWechatRefunds(deps: Deps) {
  const k = deps.db.kysely;
  const provider = deps.providers.wechatPay;

  async function ask(refund: repo.RefundRow) {
    const p = await findWechatPaymentById(k, Number(refund.payment_id));
    if (!p) throw new Error(`refund ${refund.id}: payment ${refund.payment_id} not found`);
    const answer = await provider.refund({ outTradeNo: p.out_trade_no, outRefundNo: refund.out_refund_no, reason: refund.reason, refundFen: refund.amount, totalFen: p.amount });
    if (answer.refundId) await repo.setRefundId(k, Number(refund.id), answer.refundId);
    await settleNotice(answer);
  }

  /** A final state (SUCCESS, CLOSED, ABNORMAL) moves our refund once; PROCESSING changes nothing. */
  async function settleNotice(n: RefundNotice): Promise<'done' | 'unknown' | 'pending'> {
    const refund = await repo.findRefund(k, n.outRefundNo);
    if (!refund) return 'unknown';
    const to = FINAL[n.status];
    if (to === undefined) return 'pending';
    await repo.finishRefund(k, Number(refund.id), to, {
      refund_id: n.refundId || (refund.refund_id ?? ''),
      succeeded_at: to === REFUND_STATE.succeeded ? iso(deps.clock.now()) : null,
    });
    return 'done';
  }

  return {
    /** In the transaction that found the payment late: the whole payment is to be refunded. */
    async recordIn(trx: Trx, p: WechatPaymentRow, reason: string, at: string) {
      await repo.insertRefund(trx, {
        plat_id: p.plat_id,
        subject_kind: p.subject_kind,
        subject_id: Number(p.subject_id),
        payment_id: Number(p.id),
        amount: p.amount,
        state: REFUND_STATE.processing,
        out_refund_no: `R${p.out_trade_no}`,
        refund_id: null,
        reason,
        created_at: at,
        succeeded_at: null,
        order_refund_id: null,
      });
    },

    /**
     * ADR 0034: a part of a paid payment refunded by a staff refund of its order, recorded in that refund's
     * transaction (processing), out_refund_no from the refund's own code so a retry asks WeChat for the same refund.
     */
    async recordPartIn(trx: Trx, p: WechatPaymentRow, part: { amount: number; outRefundNo: string; orderRefundId: number; reason: string; at: string }) {
      await repo.insertRefund(trx, {
        plat_id: p.plat_id,
        subject_kind: p.subject_kind,
        subject_id: Number(p.subject_id),
        payment_id: Number(p.id),
        amount: part.amount,
        state: REFUND_STATE.processing,
        out_refund_no: part.outRefundNo,
        refund_id: null,
        reason: part.reason.slice(0, 80),
        created_at: part.at,
        succeeded_at: null,
        order_refund_id: part.orderRefundId,
      });
    },

    /** Asks WeChat for one recorded refund by its out_refund_no (after the commit that recorded it). */
    async askByNo(outRefundNo: string) {
      const refund = await repo.findRefund(k, outRefundNo);
      if (refund && refund.state === REFUND_STATE.processing) await ask(refund);
    },

    async askFor(paymentId: number) {
      const refund = await findRefundOfPayment(k, paymentId);
      if (refund && refund.state === REFUND_STATE.processing) await ask(refund);
    },

    /** The verified REFUND.* notification (refund of a payment of ours, else 'unknown'). */
    settleNotice,

    /** Every refund still processing is asked again (never asked, or its notification lost): the reconcile job. */
    async retryProcessing(limit = 100): Promise<number> {
      let failed = 0;
      for (const refund of await repo.processingRefunds(k, limit)) {
        try {
          if (refund.refund_id) await settleNotice(await provider.queryRefund(refund.out_refund_no));
          else await ask(refund);
        } catch (err) {
          failed += 1;
          deps.log.warn({ outRefundNo: refund.out_refund_no, err: String(err) }, 'wechatpay refund not settled');
        }
      }
      return failed;
    },
  };
}
export type WechatRefunds = ReturnType<typeof createWechatRefunds>;
