import { randomInt } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { WechatPayApiError, type JsapiParams } from '../../providers/wechatpay/wechatpay-provider.js';
import { moveBalance } from '../ledger/ledger.repository.js';
import type { SubjectKind, SubjectRegistry } from './subject.js';
import * as repo from './wechat-payment.repository.js';
import { PAYMENT_STATE, type WechatPaymentRow } from './wechat-payment.repository.js';
import { createWechatRefunds } from './wechat-refunds.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export interface OpenRequest {
  kind: SubjectKind;
  subjectId: number;
  platId: string;
  agentId: number;
  /** Our serial prefix (the order code); four random digits follow. */
  serialPrefix: string;
  description: string;
  /** Fen charged through WeChat. */
  amount: number;
  /** Fen taken from the goods fund now and given back if the payment does not complete. */
  goodsPart: number;
  openId: string;
  expiresAt: Date;
}

export type SettleResult = 'paid' | 'already' | 'mismatch' | 'unknown' | 'orphan';
export type Started = JsapiParams & { outTradeNo: string };

const alreadyPaid = () => new AppError('VALIDATION', '订单已支付或已关闭，请勿重复支付');

/**
 * One WeChat lifecycle for every subject (ADR 0012): reserve + open (at most one open payment per subject, by a unique
 * index), prepay, settle (notification or query), close, give back (tied to the payment row, once, by compare-and-set
 * on its state), refund of a payment that succeeded after its subject closed, and reconcile.
 */
export function createWechatLifecycle(deps: Deps, hooks: SubjectRegistry) {
  const { clock } = deps;
  const k = deps.db.kysely;
  const provider = deps.providers.wechatPay;
  const refunds = createWechatRefunds(deps);

  /** Gives the payment's reserved part back and lets the subject forget it, in the caller's transaction; once. */
  async function abandonIn(trx: Trx, p: WechatPaymentRow, to: 2 | 3, at: string): Promise<boolean> {
    if (!(await repo.movePaymentState(trx, Number(p.id), PAYMENT_STATE.open, to))) return false;
    const h = hooks[p.subject_kind];
    if (p.goods_part > 0) {
      const code = await h.codeOf(trx, Number(p.subject_id));
      const m = { platId: p.plat_id, agentId: Number(p.agent_id), account: 'store' as const, amount: p.goods_part, changeState: h.changeCodes.back, orderCode: code, remark: '微信支付未完成退回', at };
      if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${p.agent_id} not found while giving back a WeChat reservation`);
    }
    await h.released(trx, p);
    return true;
  }

  /** Closes the payment at WeChat; 'paid' when WeChat says it was paid meanwhile (then it is settled here). */
  async function closeAtWechat(p: WechatPaymentRow): Promise<'closed' | 'paid'> {
    try {
      await provider.close(p.out_trade_no);
      return 'closed';
    } catch (err) {
      if (err instanceof WechatPayApiError && err.code === 'ORDER_NOT_EXIST') return 'closed'; // its prepay call failed
      if (!(err instanceof WechatPayApiError && err.code === 'ORDERPAID')) throw err;
      const q = await provider.query(p.out_trade_no);
      await lifecycle.settle({ outTradeNo: q.outTradeNo, transactionId: q.transactionId, amountFen: q.amountFen });
      return 'paid';
    }
  }

  const lifecycle = {
    refunds,

    /**
     * Before a new payment of the subject: a live open one is answered again (a second tap: same prepay, no second
     * reservation); an expired one is closed at WeChat and its reservation given back first.
     */
    async resume(kind: SubjectKind, subjectId: number, openId: string | null): Promise<Started | null> {
      const open = await repo.findOpenPayment(k, kind, subjectId);
      if (!open) return null;
      if (open.expires_at > iso(clock.now())) {
        const prepayId =
          open.prepay_id ??
          (await provider.jsapiPrepay({ outTradeNo: open.out_trade_no, description: '', amountFen: open.amount, openId: openId ?? '', expiresAt: new Date(open.expires_at) }));
        return { ...provider.jsapiParams(prepayId), outTradeNo: open.out_trade_no };
      }
      if ((await closeAtWechat(open)) === 'paid') throw alreadyPaid();
      await k.transaction().execute((trx) => abandonIn(trx, open, 2, iso(clock.now())));
      return null;
    },

    /**
     * Opens a payment: row, reservation and the subject's record in one transaction, so of two simultaneous starts the
     * loser (the unique index on open payments) rolls back and is answered the winner's payment.
     */
    async open(r: OpenRequest): Promise<Started> {
      const now = clock.now();
      const outTradeNo = `${r.serialPrefix}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
      const h = hooks[r.kind];
      try {
        await k.transaction().execute(async (trx) => {
          await repo.insertWechatPayment(trx, {
            plat_id: r.platId,
            subject_kind: r.kind,
            subject_id: r.subjectId,
            agent_id: r.agentId,
            out_trade_no: outTradeNo,
            amount: r.amount,
            goods_part: r.goodsPart,
            income_part: 0,
            state: PAYMENT_STATE.open,
            prepay_id: null,
            transaction_id: null,
            created_at: iso(now),
            expires_at: iso(r.expiresAt),
            paid_at: null,
          });
          const row = (await repo.findWechatPayment(trx, outTradeNo))!;
          if (r.goodsPart > 0) {
            const code = await h.codeOf(trx, r.subjectId);
            const m = { platId: r.platId, agentId: r.agentId, account: 'store' as const, amount: -r.goodsPart, changeState: h.changeCodes.use, orderCode: code, remark: '订单支付', at: iso(now) };
            if ((await moveBalance(trx, m)) === null) throw new AppError('VALIDATION', '货款余额不足');
          }
          if (!(await h.reserved(trx, row))) throw alreadyPaid();
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const again = await lifecycle.resume(r.kind, r.subjectId, r.openId);
        if (!again) throw alreadyPaid();
        return again;
      }
      const prepayId = await provider.jsapiPrepay({ outTradeNo, description: r.description, amountFen: r.amount, openId: r.openId, expiresAt: r.expiresAt });
      await repo.setPrepayId(k, outTradeNo, prepayId);
      return { ...provider.jsapiParams(prepayId), outTradeNo };
    },

    /** Closing a subject: its open payment is closed at WeChat first; 'paid' when it was paid meanwhile. */
    async closeOpen(kind: SubjectKind, subjectId: number): Promise<'none' | 'closed' | 'paid'> {
      const open = await repo.findOpenPayment(k, kind, subjectId);
      return open ? closeAtWechat(open) : 'none';
    },

    /**
     * In the subject's closing transaction: the open payment (closed at WeChat before) gives its reservation back.
     * Answers the fen given back.
     */
    async abandonOpenIn(trx: Trx, kind: SubjectKind, subjectId: number, at: string): Promise<number> {
      const open = await repo.findOpenPayment(trx, kind, subjectId);
      return open && (await abandonIn(trx, open, 2, at)) ? open.goods_part : 0;
    },

    /** The subject is paid another way: its open payment is closed at WeChat and its reservation given back first. */
    async withdraw(kind: SubjectKind, subjectId: number): Promise<void> {
      const open = await repo.findOpenPayment(k, kind, subjectId);
      if (!open) return;
      if ((await closeAtWechat(open)) === 'paid') throw alreadyPaid();
      await k.transaction().execute((trx) => abandonIn(trx, open, 2, iso(clock.now())));
    },

    /** A payment that will not complete (closed, failed, expired at WeChat): give the reservation back once. */
    async abandon(outTradeNo: string, to: 2 | 3 = 2): Promise<boolean> {
      const p = await repo.findWechatPayment(k, outTradeNo);
      if (!p || p.state !== PAYMENT_STATE.open) return false;
      return k.transaction().execute((trx) => abandonIn(trx, p, to, iso(clock.now())));
    },

    /**
     * WeChat says the payment succeeded (notification or query): the subject is credited once if the amount matches.
     * 'orphan': the subject had closed (or the payment had been given up); the money is refunded automatically.
     */
    async settle(notice: { outTradeNo: string; transactionId: string; amountFen: number }): Promise<SettleResult> {
      const p = await repo.findWechatPayment(k, notice.outTradeNo);
      if (!p) return 'unknown';
      if (p.state === PAYMENT_STATE.paid || p.state === PAYMENT_STATE.late) return 'already';
      if (p.amount !== notice.amountFen) return 'mismatch';
      const at = iso(clock.now());
      const patch = { transaction_id: notice.transactionId, paid_at: at };
      const result = await k.transaction().execute(async (trx): Promise<SettleResult> => {
        if (p.state === PAYMENT_STATE.open) {
          if (!(await repo.movePaymentState(trx, Number(p.id), PAYMENT_STATE.open, PAYMENT_STATE.paid, patch))) return 'already';
          if (await hooks[p.subject_kind].paid(trx, p, at)) return 'paid';
          // Paid while its subject closed under an earlier version (which gave the reservation back itself).
          await repo.movePaymentState(trx, Number(p.id), PAYMENT_STATE.paid, PAYMENT_STATE.late);
        } else if (!(await repo.movePaymentState(trx, Number(p.id), p.state, PAYMENT_STATE.late, patch))) {
          return 'already';
        }
        await refunds.recordIn(trx, p, '订单已关闭，微信支付自动退款', at);
        return 'orphan';
      });
      // Asked after the commit; if WeChat cannot be reached now, the reconcile job asks again (same out_refund_no).
      if (result === 'orphan') await refunds.askFor(Number(p.id)).catch((err: unknown) => deps.log.warn({ outTradeNo: p.out_trade_no, err: String(err) }, 'wechatpay refund not asked yet'));
      return result;
    },
  };
  return lifecycle;
}
export type WechatLifecycle = ReturnType<typeof createWechatLifecycle>;
