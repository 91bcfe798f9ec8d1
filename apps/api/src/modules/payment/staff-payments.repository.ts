import type { SubjectKind } from '../../db/schema.js';
import { PAYMENT_STATE } from './wechat-payment.repository.js';
import type { Executor, Trx } from '../../db/types.js';

/** The WeChat payments of a subject, oldest first (the staff console's order detail). */
export function paymentsOfSubject(db: Executor, kind: SubjectKind, subjectId: number) {
  return db.selectFrom('wechat_payments').selectAll().where('subject_kind', '=', kind).where('subject_id', '=', subjectId).orderBy('id').execute();
}

export function findWechatPaymentById(db: Executor, id: number) {
  return db.selectFrom('wechat_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** ADR 0034: the paid WeChat payment of a subject (at most one is paid and applied). */
export function paidPaymentOf(db: Executor, kind: SubjectKind, subjectId: number) {
  return db.selectFrom('wechat_payments').selectAll().where('subject_kind', '=', kind).where('subject_id', '=', subjectId).where('state', '=', PAYMENT_STATE.paid).executeTakeFirst();
}

/** ADR 0034: the WeChat refunds made by staff refunds of orders, by their refund ids. */
export function refundsOfOrderRefunds(db: Executor, orderRefundIds: readonly number[]) {
  if (orderRefundIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('refunds').selectAll().where('order_refund_id', 'in', orderRefundIds).orderBy('id').execute();
}

export function findRefundOfPayment(db: Executor, paymentId: number) {
  // The refund of the whole payment; the staff refunds of a paid order (ADR 0034) are not it.
  return db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).where('order_refund_id', 'is', null).executeTakeFirst();
}

/**
 * A paid payment whose subject was closed is set aside as "paid, not applied" (state 1 → 4) when staff refund it, by
 * compare-and-set: of two staff refunding it at once exactly one moves it.
 */
export async function markPaidNotApplied(trx: Trx, id: number): Promise<boolean> {
  const res = await trx.updateTable('wechat_payments').set({ state: PAYMENT_STATE.late }).where('id', '=', id).where('state', '=', PAYMENT_STATE.paid).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
