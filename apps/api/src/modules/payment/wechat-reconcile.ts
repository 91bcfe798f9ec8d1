import type { Deps } from '../../deps.js';
import { addMs, iso, MINUTE } from '../../lib/clock.js';
import { WechatPayApiError, type PaidNotice } from '../../providers/wechatpay/wechatpay-provider.js';
import type { WechatLifecycle } from './wechat-lifecycle.js';
import * as repo from './wechat-payment.repository.js';

/** A payment younger than this may still get its notification; older ones are asked about (reference §1.5). */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
const BATCH = 100;
/** WeChat's final "not paid" states: the payment is closed and its reserved balance part given back. */
const DEAD = new Set(['CLOSED', 'PAYERROR', 'REVOKED']);

export interface ReconcileResult {
  settled: number;
  abandoned: number;
  failed: number;
}

/**
 * Notifications can be lost: every open WeChat payment older than two minutes is queried. SUCCESS is credited as a
 * notification would be; a dead payment, or NOTPAY past its expiry, is closed at WeChat first (so it can no longer
 * be paid) and then abandoned, which gives the reserved balance part back. Refunds still processing are asked again.
 * Safe in several processes at once: the lifecycle moves each payment by compare-and-set.
 */
export async function reconcileWechatPayments(deps: Deps, now: Date, wechat: WechatLifecycle): Promise<ReconcileResult> {
  const provider = deps.providers.wechatPay;
  const result: ReconcileResult = { settled: 0, abandoned: 0, failed: 0 };

  const settle = async (q: PaidNotice) => {
    const r = await wechat.settle({ outTradeNo: q.outTradeNo, transactionId: q.transactionId, amountFen: q.amountFen });
    if (r === 'paid') result.settled += 1;
    if (r === 'mismatch' || r === 'unknown') deps.log.warn({ outTradeNo: q.outTradeNo, result: r }, 'wechatpay reconcile: nothing credited');
  };

  async function reconcile(p: { out_trade_no: string; expires_at: string }) {
    const q = await provider.query(p.out_trade_no);
    if (q.tradeState === 'SUCCESS') return settle(q);
    if (!DEAD.has(q.tradeState) && !(q.tradeState === 'NOTPAY' && p.expires_at <= iso(now))) return; // USERPAYING, or still open
    if (q.tradeState !== 'CLOSED') {
      try {
        await provider.close(p.out_trade_no);
      } catch (err) {
        // Paid between the query and the close: credit it instead.
        if (err instanceof WechatPayApiError && err.code === 'ORDERPAID') return settle(await provider.query(p.out_trade_no));
        // Never created at WeChat (its prepay call failed): nothing to close.
        if (!(err instanceof WechatPayApiError && err.code === 'ORDER_NOT_EXIST')) throw err;
      }
    }
    if (await wechat.abandon(p.out_trade_no, q.tradeState === 'PAYERROR' ? 3 : 2)) result.abandoned += 1;
  }

  const before = iso(addMs(now, -RECONCILE_AFTER_MS));
  for (let afterId = 0; ; ) {
    const batch = await repo.staleOpen(deps.db.kysely, before, afterId, BATCH);
    for (const p of batch) {
      afterId = Number(p.id);
      try {
        await reconcile(p);
      } catch (err) {
        // One payment WeChat cannot answer for now must not hold up the others; the next run tries it again.
        result.failed += 1;
        deps.log.warn({ outTradeNo: p.out_trade_no, err: String(err) }, 'wechatpay reconcile failed');
      }
    }
    if (batch.length < BATCH) break;
  }
  result.failed += await wechat.refunds.retryProcessing();
  return result;
}
