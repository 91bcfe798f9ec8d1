import type { Deps } from '../../deps.js';
import type { WechatLifecycle } from './payment.queries.js';
import { iso } from '../../lib/clock.js';
import { SandboxWechatPayProvider, type SimulatedOutcome } from '../../providers/wechatpay/sandbox-wechatpay.js';
import { WechatPaySignatureError } from '../../providers/wechatpay/wechatpay-crypto.js';
import { WechatPayApiError, type PaymentNotification } from '../../providers/wechatpay/wechatpay-provider.js';
import * as repo from './pay-result.repository.js';

/** Something staff must look at (a refused or mismatching notification); logged, never shown to the payer. */
export type Alert = (details: Record<string, unknown>, message: string) => void;

export type NotifyAnswer = { status: 204 } | { status: 401 | 500; message: string };

export type SimulateAnswer =
  | { status: 200; result: 'paid' | 'cancel' | 'fail' }
  | { status: 404 | 409 | 502; message: string };

export function createWechatPayService(deps: Deps, flow: WechatLifecycle, alert: Alert) {
  const { clock } = deps;
  const provider = deps.providers.wechatPay;
  const k = deps.db.kysely;

  /** reference §1.4 handling: verify, decrypt, check it is ours, credit once. */
  async function settle(n: PaymentNotification): Promise<void> {
    if (n.refund) return settleRefund(n);
    const tx = n.transaction;
    // Other events are acknowledged and left alone.
    if (n.eventType !== 'TRANSACTION.SUCCESS' || !tx) return;
    if (tx.mchid !== provider.mchId || tx.appid !== provider.appId || tx.currency !== 'CNY' || tx.tradeState !== 'SUCCESS' || !Number.isSafeInteger(tx.amountFen)) {
      alert({ id: n.id, outTradeNo: tx.outTradeNo, mchid: tx.mchid, appid: tx.appid, tradeState: tx.tradeState }, 'wechatpay notification not for us; nothing paid');
      return;
    }
    const result = await flow.settle({ outTradeNo: tx.outTradeNo, transactionId: tx.transactionId, amountFen: tx.amountFen });
    // A genuine notification whose amount differs from our payment (or that names no payment of ours) pays nothing.
    // It is still acknowledged: WeChat would resend the same signed body for 24 hours and it can never match, so a
    // retry fixes nothing; staff reconcile it from this alert (reference §1.4 step 4, our choice).
    if (result === 'mismatch' || result === 'unknown') {
      alert({ id: n.id, outTradeNo: tx.outTradeNo, transactionId: tx.transactionId, amountFen: tx.amountFen, result }, 'wechatpay notification not credited');
    }
    if (result === 'orphan') {
      alert({ id: n.id, outTradeNo: tx.outTradeNo, transactionId: tx.transactionId, amountFen: tx.amountFen }, 'wechatpay paid after its order closed; refunded');
    }
  }

  /** REFUND.SUCCESS / CLOSED / ABNORMAL of a refund of ours: its final state, once. */
  async function settleRefund(n: PaymentNotification): Promise<void> {
    const r = n.refund!;
    if (r.mchid !== provider.mchId) {
      alert({ id: n.id, outRefundNo: r.outRefundNo, mchid: r.mchid }, 'wechatpay refund notification not for us');
      return;
    }
    if ((await flow.refunds.settleNotice(r)) === 'unknown') alert({ id: n.id, outRefundNo: r.outRefundNo }, 'wechatpay refund notification names no refund of ours');
  }

  return {
    /** POST notify: 204 once handled (or already handled); 4xx/5xx make WeChat retry. */
    async notify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<NotifyAnswer> {
      let n: PaymentNotification;
      try {
        n = await provider.verifyNotification(headers, rawBody, clock.now());
      } catch (err) {
        alert({ reason: err instanceof WechatPaySignatureError ? err.reason : 'body' }, 'wechatpay notification refused');
        return { status: 401, message: '签名验证失败' };
      }
      try {
        await settle(n);
        return { status: 204 };
      } catch (err) {
        alert({ id: n.id, error: String(err) }, 'wechatpay notification failed');
        return { status: 500, message: '处理失败，请重试' };
      }
    },

    /** The sandbox pay sheet's choice, for the agent's own pending payment (never with the official provider). */
    async simulate(payer: number | { consumerId: number }, outTradeNo: string, outcome: SimulatedOutcome): Promise<SimulateAnswer> {
      if (!(provider instanceof SandboxWechatPayProvider)) return { status: 404, message: '支付记录不存在' };
      // An agent's own payment, or a store consumer's own VD payment (ADR 0038).
      const own = () => (typeof payer === 'number' ? repo.findOwnPayment(k, payer, outTradeNo) : repo.findConsumerPayment(k, payer.consumerId, outTradeNo));
      const payment = await own();
      if (!payment) return { status: 404, message: '支付记录不存在' };
      if (payment.state === 2 || payment.state === 3) return { status: 409, message: '支付已关闭' };
      if (outcome !== 'pay') return { status: 200, result: outcome };
      if (payment.state === 0 && payment.expires_at <= iso(clock.now())) return { status: 409, message: '支付已超时' };
      let status: number | null;
      try {
        status = await provider.simulate(outTradeNo, 'pay', clock.now(), payment.amount);
      } catch (err) {
        if (err instanceof WechatPayApiError) return { status: 409, message: '支付已关闭' };
        throw err;
      }
      // The order is credited by the notification alone, exactly as in production.
      const after = await own();
      if (status !== 204 || after?.state !== 1) return { status: 502, message: '支付结果通知失败' };
      return { status: 200, result: 'paid' };
    },
  };
}
export type WechatPayService = ReturnType<typeof createWechatPayService>;
