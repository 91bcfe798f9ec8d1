import { parseChinaTime } from '@shop/contract/china-time';
import { fenToYuan } from '@shop/contract/fen';
import type { Deps } from '../../deps.js';
import type { ReconcileKind } from '../../db/schema.js';
import { DAY, iso } from '../../lib/clock.js';
import type { Bill } from '../../providers/wechatpay/wechatpay-bill.js';
import * as diffs from './bill-reconcile.repository.js';
import { findWechatPaymentById } from './staff-payments.repository.js';
import * as repo from './wechat-payment.repository.js';
import { PAYMENT_STATE, REFUND_STATE } from './wechat-payment.repository.js';

export interface BillMatchResult {
  billDate: string;
  tradeRows: number;
  refundRows: number;
  /** Differences new in the queue (a second run of the same day adds none). */
  added: number;
}

const CREDITED: number[] = [PAYMENT_STATE.paid, PAYMENT_STATE.late];
const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : `${fenToYuan(fen)} 元`);

/** The instants a China day runs between, as stored timestamps. */
export function chinaDayRange(billDate: string): { from: string; to: string } {
  const start = parseChinaTime(`${billDate} 00:00:00`);
  if (Number.isNaN(start)) throw new RangeError(`not a date: ${billDate}`);
  return { from: iso(new Date(start)), to: iso(new Date(start + DAY)) };
}

/**
 * Matches a China day's WeChat Pay bills with our payment wing (ADR 0032, reference §8.1): every SUCCESS row of the
 * trade bill with a payment we credited (by out_trade_no, amount.total), every row of the refund bill with our refund
 * (by out_refund_no); and the other way, every payment we credited and refund we saw succeed that day with the bill.
 * A payment or refund of ours missing from the bill is asked about first (its WeChat time may fall on the next day).
 * Differences go to reconcile_diffs once per (day, numbers, kind).
 */
export async function matchBills(deps: Deps, billDate: string, by: string): Promise<BillMatchResult> {
  const provider = deps.providers.wechatPay;
  const k = deps.db.kysely;
  const platId = deps.config.platId;
  const { from, to } = chinaDayRange(billDate);
  const trades: Bill = await provider.downloadTradeBill(billDate);
  const refundBill: Bill = await provider.downloadRefundBill(billDate);
  const at = iso(deps.clock.now());
  let added = 0;
  const add = async (
    kind: ReconcileKind,
    d: { outTradeNo: string; outRefundNo?: string; transactionId?: string; paymentId?: number | null; agentId?: number | null; wechat: number | null; ours: number | null; detail: string },
  ) => {
    const fresh = await diffs.addDiff(k, {
      plat_id: platId,
      bill_date: billDate,
      kind,
      out_trade_no: d.outTradeNo,
      out_refund_no: d.outRefundNo ?? '',
      transaction_id: d.transactionId ?? '',
      payment_id: d.paymentId ?? null,
      agent_id: d.agentId ?? null,
      wechat_amount: d.wechat,
      our_amount: d.ours,
      detail: d.detail.slice(0, 255),
      created_at: at,
    });
    if (fresh) added += 1;
  };

  // WeChat → us: payments.
  const paidAtWechat = new Set<string>();
  for (const row of trades.rows) {
    if (row.tradeState !== 'SUCCESS') continue; // refund rows are matched from the refund bill
    paidAtWechat.add(row.outTradeNo);
    const p = await repo.findWechatPayment(k, row.outTradeNo);
    const base = { outTradeNo: row.outTradeNo, transactionId: row.transactionId, paymentId: p ? Number(p.id) : null, agentId: p ? Number(p.agent_id) : null, wechat: row.totalFen, ours: p?.amount ?? null };
    if (!p || p.plat_id !== platId) {
      await add('paid_not_credited', { ...base, paymentId: null, agentId: null, ours: null, detail: `微信已收款 ${yuan(row.totalFen)}，我方没有这笔支付记录` });
    } else if (!CREDITED.includes(p.state)) {
      await add('paid_not_credited', { ...base, detail: `微信已收款 ${yuan(row.totalFen)}，我方未入账` });
    } else if (p.amount !== row.totalFen) {
      await add('amount_differs', { ...base, detail: `微信收款 ${yuan(row.totalFen)}，我方记录 ${yuan(p.amount)}` });
    }
  }
  // Us → WeChat: payments we credited that day.
  for (const p of await diffs.creditedBetween(k, platId, from, to)) {
    if (paidAtWechat.has(p.out_trade_no)) continue;
    const q = await provider.query(p.out_trade_no).catch(() => null);
    if (q?.tradeState === 'SUCCESS') continue; // paid at WeChat on another bill day
    await add('credited_not_at_wechat', {
      outTradeNo: p.out_trade_no,
      transactionId: p.transaction_id ?? '',
      paymentId: Number(p.id),
      agentId: Number(p.agent_id),
      wechat: null,
      ours: p.amount,
      detail: `我方已入账 ${yuan(p.amount)}，微信账单无此收款${q ? `（微信状态 ${q.tradeState}）` : ''}`,
    });
  }

  // WeChat → us: refunds.
  const refundedAtWechat = new Set<string>();
  for (const row of refundBill.rows) {
    refundedAtWechat.add(row.outRefundNo);
    const r = await repo.findRefund(k, row.outRefundNo);
    const base = { outTradeNo: row.outTradeNo, outRefundNo: row.outRefundNo, transactionId: row.transactionId, paymentId: r ? Number(r.payment_id) : null, wechat: row.refundFen, ours: r?.amount ?? null };
    const agentId = r ? Number((await findWechatPaymentById(k, Number(r.payment_id)))?.agent_id ?? 0) || null : null;
    if (!r || r.plat_id !== platId) {
      await add('refund_differs', { ...base, paymentId: null, ours: null, detail: `微信已退款 ${yuan(row.refundFen)}，我方没有这笔退款记录` });
    } else if (r.amount !== row.refundFen) {
      await add('refund_differs', { ...base, agentId, detail: `微信退款 ${yuan(row.refundFen)}，我方记录 ${yuan(r.amount)}` });
    } else if (row.refundState === 'SUCCESS' && (r.state === REFUND_STATE.closed || r.state === REFUND_STATE.abnormal)) {
      await add('refund_differs', { ...base, agentId, detail: `微信退款成功，我方记为${r.state === REFUND_STATE.closed ? '已关闭' : '异常'}` });
    }
  }
  // Us → WeChat: refunds we saw succeed that day.
  for (const r of await diffs.refundedBetween(k, platId, from, to)) {
    if (refundedAtWechat.has(r.out_refund_no)) continue;
    const q = await provider.queryRefund(r.out_refund_no).catch(() => null);
    if (q?.status === 'SUCCESS' && q.refundFen === r.amount) continue; // on another bill day
    const p = await findWechatPaymentById(k, Number(r.payment_id));
    await add('refund_differs', {
      outTradeNo: p?.out_trade_no ?? '',
      outRefundNo: r.out_refund_no,
      paymentId: Number(r.payment_id),
      agentId: p ? Number(p.agent_id) : null,
      wechat: null,
      ours: r.amount,
      detail: `我方记为已退款 ${yuan(r.amount)}，微信退款账单无此退款`,
    });
  }

  const result = { billDate, tradeRows: trades.rows.length, refundRows: refundBill.rows.length, added };
  await diffs.saveRun(k, { platId, billDate, tradeRows: result.tradeRows, refundRows: result.refundRows, added, by, at });
  return result;
}

/** Whether a day's bills were matched already (the daily job runs each day once). */
export async function billDayDone(deps: Deps, billDate: string) {
  return (await diffs.findRun(deps.db.kysely, deps.config.platId, billDate)) !== undefined;
}
