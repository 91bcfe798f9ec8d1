import {
  RECONCILE_KIND_TEXT,
  RECONCILE_MESSAGES as M,
  RECONCILE_RESOLUTION_TEXT,
  RECONCILE_STATE_TEXT,
  type ReconcileAction,
  type ReconcileKindName,
} from '@shop/contract';
import { chinaTimeText } from '@shop/contract/china-time';
import type { Deps } from '../../deps.js';
import type { SubjectKind } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { chinaDate, iso } from '../../lib/clock.js';
import { bondSubject } from '../../modules/bond/bond.queries.js';
import {
  DIFF_STATE,
  findDiff,
  matchBills,
  resolveDiff,
  searchDiffs,
  type ReconcileDiffRow,
  type WechatLifecycle,
} from '../../modules/payment/payment.queries.js';
import { auditOrderWrite, operatorName, type StaffActor } from '../../modules/staff/staff.queries.js';
import { rechargeSubject } from '../../modules/upgrade/upgrade.queries.js';
import { WechatPayApiError } from '../../providers/wechatpay/wechatpay-provider.js';
import { orderSubject } from './order-payment.js';
import { storeOrderSubject } from './store-order-payment.js';
import type { StaffRefund } from './refund-wechat-payment.js';

const refuse = (message: string) => new AppError('VALIDATION', message);
const SUBJECT_TEXT: Record<SubjectKind, string> = { order: '订单', recharge: '首充', upgrade: '升级', bond: '保证金', store_order: '店铺订单' };
const HOOKS = { order: orderSubject, recharge: rechargeSubject, upgrade: rechargeSubject, bond: bondSubject, store_order: storeOrderSubject };
const RESOLUTION: Record<ReconcileAction, string> = { credit: 'credited', refund: 'refunded', explain: 'explained' };

/**
 * The 对账差异 queue (ADR 0032): list, run a day's match by hand, and resolve a difference once. Each resolution is a
 * compare-and-set on the difference with its audit record in one transaction; the money it moves goes through the
 * payment wing's own compare-and-set paths (the lifecycle's settle, the staff refund), so a race credits or refunds
 * once and the loser is told the difference was handled.
 */
export function createReconcileDiffs(deps: Deps, wechat: WechatLifecycle, staffRefund: StaffRefund) {
  const k = deps.db.kysely;
  const provider = deps.providers.wechatPay;

  async function subjectOf(kind: SubjectKind | null, id: number | null): Promise<string> {
    if (!kind || id === null) return '';
    const code = await HOOKS[kind].codeOf(k, Number(id)).catch(() => null);
    return `${SUBJECT_TEXT[kind]}${code ? ` ${code}` : ''}`;
  }

  /** 查询微信并入账: WeChat is asked now; SUCCESS is settled by the lifecycle (credited once, or refunded if its subject closed). */
  async function credit(d: ReconcileDiffRow): Promise<string> {
    if (d.kind === 'refund_differs') throw refuse(M.creditNotApplicable);
    if (d.payment_id === null) throw refuse(M.noPayment);
    let q;
    try {
      q = await provider.query(d.out_trade_no);
    } catch (err) {
      if (err instanceof WechatPayApiError) throw refuse(M.wechatUnavailable);
      throw err;
    }
    if (q.tradeState !== 'SUCCESS') throw refuse(M.notPaidAtWechat(q.tradeState));
    const r = await wechat.settle({ outTradeNo: q.outTradeNo, transactionId: q.transactionId, amountFen: q.amountFen });
    if (r === 'mismatch') throw refuse(M.amountMismatch);
    if (r === 'unknown') throw refuse(M.noPayment);
    return { paid: '已入账', already: '此前已入账', orphan: '其业务已关闭，已自动退款' }[r];
  }

  return {
    async list(actor: StaffActor, input: { phonePage: { pageNum: number; pageSize: number }; state?: number; kind?: string; billDate?: string }) {
      const { pageNum, pageSize } = input.phonePage;
      const f = { state: input.state, kind: (input.kind || undefined) as ReconcileKindName | undefined, billDate: input.billDate || undefined };
      const { rows, total } = await searchDiffs(k, actor.platId, f, pageNum, pageSize);
      const objs = await Promise.all(
        rows.map(async (r) => ({
          id: Number(r.id),
          billDate: r.bill_date,
          kind: r.kind,
          kindText: RECONCILE_KIND_TEXT[r.kind as ReconcileKindName] ?? r.kind,
          outTradeNo: r.out_trade_no,
          outRefundNo: r.out_refund_no,
          transactionId: r.transaction_id,
          paymentId: r.payment_id === null ? null : Number(r.payment_id),
          subject: await subjectOf(r.subject_kind, r.subject_id === null ? null : Number(r.subject_id)),
          agentName: r.agent_name ?? '',
          agentPhone: r.phone ?? '',
          wechatAmount: r.wechat_amount === null ? null : Number(r.wechat_amount),
          ourAmount: r.our_amount === null ? null : Number(r.our_amount),
          detail: r.detail,
          state: r.state,
          stateText: RECONCILE_STATE_TEXT[r.state] ?? '',
          resolution: r.resolution,
          resolutionText: RECONCILE_RESOLUTION_TEXT[r.resolution] ?? '',
          reason: r.reason,
          resolvedBy: r.resolved_by,
          resolvedDate: r.resolved_at ? chinaTimeText(r.resolved_at) : null,
          createDate: chinaTimeText(r.created_at),
        })),
      );
      return { objs, obj: { phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) }, total } };
    },

    /** A chosen day, now: only days that are over in China (today's bill does not exist yet). */
    async run(actor: StaffActor, input: { billDate: string }) {
      if (input.billDate >= chinaDate(deps.clock.now())) throw refuse(M.dateNotPast);
      const by = actor.staffName;
      try {
        return { obj: await matchBills(deps, input.billDate, by) };
      } catch (err) {
        if (err instanceof WechatPayApiError) throw refuse(err.code === 'STATEMENT_CREATING' ? M.billNotReady : M.wechatUnavailable);
        throw err;
      }
    },

    async resolve(actor: StaffActor, input: { id: number; action: ReconcileAction; reason: string }) {
      const d = await findDiff(k, actor.platId, input.id);
      if (!d) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (d.state !== DIFF_STATE.open) throw refuse(M.done);
      const reason = input.reason.trim();
      if (input.action !== 'credit' && !reason) throw refuse(M.reasonRequired);
      let outcome = reason;
      if (input.action === 'credit') outcome = await credit(d);
      if (input.action === 'refund') {
        if (d.payment_id === null) throw refuse(M.noPayment);
        // The payment wing's refund (its own rules, its own audit record, one refund per payment).
        await staffRefund.refund(actor, { paymentId: Number(d.payment_id), reason });
      }
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      const resolution = RESOLUTION[input.action];
      await k.transaction().execute(async (trx) => {
        if (!(await resolveDiff(trx, Number(d.id), { resolution, reason: outcome.slice(0, 255), resolved_by: by.replace(/^staff:/, ''), resolved_at: at }))) throw refuse(M.done);
        await auditOrderWrite(trx, actor, {
          operation: 'resolveReconcileDiff',
          targetKind: 'reconcileDiff',
          targetId: Number(d.id),
          agentId: d.agent_id === null ? null : Number(d.agent_id),
          amount: Number(d.wechat_amount ?? d.our_amount ?? 0),
          before: `${RECONCILE_KIND_TEXT[d.kind as ReconcileKindName]}（${RECONCILE_STATE_TEXT[0]}）`,
          after: RECONCILE_RESOLUTION_TEXT[resolution]!,
          reason: outcome,
          detail: `账单日 ${d.bill_date} 商户订单号 ${d.out_trade_no}${d.out_refund_no ? ` 退款单号 ${d.out_refund_no}` : ''}`,
          at,
        });
      });
      return { obj: { id: Number(d.id), state: DIFF_STATE.resolved, resolution, resolutionText: RECONCILE_RESOLUTION_TEXT[resolution]! } };
    },
  };
}
export type ReconcileDiffs = ReturnType<typeof createReconcileDiffs>;
