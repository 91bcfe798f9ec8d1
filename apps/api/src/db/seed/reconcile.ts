import { chinaTimeText } from '@shop/contract/china-time';
import type { Trx } from '../types.js';

/**
 * One demo 对账差异 (ADR 0032), listed in the README: yesterday WeChat's bill showed 88.00 yuan we have no payment
 * for. The sandbox forgets its payments on restart, so the console's queue would otherwise stay empty in a demo.
 */
export const DEMO_RECONCILE_DIFF = { outTradeNo: 'DEMO2026BILL0001', transactionId: '4200000000DEMO0001', fen: 8_800 };

export async function seedReconcile(trx: Trx, platId: string, now: Date): Promise<void> {
  const yesterday = chinaTimeText(new Date(now.getTime() - 86_400_000)).slice(0, 10);
  await trx
    .insertInto('reconcile_diffs')
    .values({
      plat_id: platId,
      bill_date: yesterday,
      kind: 'paid_not_credited',
      out_trade_no: DEMO_RECONCILE_DIFF.outTradeNo,
      transaction_id: DEMO_RECONCILE_DIFF.transactionId,
      payment_id: null,
      agent_id: null,
      wechat_amount: DEMO_RECONCILE_DIFF.fen,
      our_amount: null,
      detail: '微信已收款 88.00 元，我方没有这笔支付记录',
      created_at: now.toISOString(),
    })
    .execute();
}
