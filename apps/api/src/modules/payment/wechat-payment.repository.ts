import type { Insertable, Selectable } from 'kysely';
import { WX_PAY_STATE } from '@shop/contract';
import type { RefundTable, SubjectKind, WechatPaymentTable } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';

export type WechatPaymentRow = Selectable<WechatPaymentTable>;
export type RefundRow = Selectable<RefundTable>;

/** wechat_payments.state: 0 open, 1 paid, 2 closed, 3 failed, 4 paid after its subject closed (refunded). */
export const PAYMENT_STATE = WX_PAY_STATE;
/** refunds.state */
export const REFUND_STATE = { processing: 0, succeeded: 1, closed: 2, abnormal: 3 } as const;

/** Inserts a payment; the partial unique index makes a second open payment of the same subject fail here. */
export async function insertWechatPayment(trx: Trx, row: Insertable<WechatPaymentTable>) {
  await trx.insertInto('wechat_payments').values(row).execute();
}

export function findWechatPayment(db: Executor, outTradeNo: string) {
  return db.selectFrom('wechat_payments').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
}

export function findOpenPayment(db: Executor, kind: SubjectKind, subjectId: number) {
  return db
    .selectFrom('wechat_payments')
    .selectAll()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('state', '=', PAYMENT_STATE.open)
    .executeTakeFirst();
}

/** Open payments created before `before`, in id order after `afterId` (the reconcile job walks them). */
export function staleOpen(db: Executor, before: string, afterId: number, limit: number) {
  return db
    .selectFrom('wechat_payments')
    .selectAll()
    .where('state', '=', PAYMENT_STATE.open)
    .where('created_at', '<', before)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Compare-and-set of a payment's state: exactly one caller wins. */
export async function movePaymentState(
  trx: Trx,
  id: number,
  from: number,
  to: number,
  patch: { transaction_id?: string | null; paid_at?: string | null } = {},
): Promise<boolean> {
  const res = await trx.updateTable('wechat_payments').set({ ...patch, state: to }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setPrepayId(db: Executor, outTradeNo: string, prepayId: string) {
  await db.updateTable('wechat_payments').set({ prepay_id: prepayId }).where('out_trade_no', '=', outTradeNo).execute();
}

export async function insertRefund(trx: Trx, row: Insertable<RefundTable>) {
  await trx.insertInto('refunds').values(row).execute();
}

export function findRefund(db: Executor, outRefundNo: string) {
  return db.selectFrom('refunds').selectAll().where('out_refund_no', '=', outRefundNo).executeTakeFirst();
}

export function refundsOf(db: Executor, kind: SubjectKind, subjectId: number) {
  return db.selectFrom('refunds').selectAll().where('subject_kind', '=', kind).where('subject_id', '=', subjectId).orderBy('id').execute();
}

export function processingRefunds(db: Executor, limit: number) {
  return db.selectFrom('refunds').selectAll().where('state', '=', REFUND_STATE.processing).orderBy('id').limit(limit).execute();
}

/** The refund's final state (compare-and-set from processing); refund_id kept once known. */
export async function finishRefund(db: Executor, id: number, to: number, patch: { refund_id: string; succeeded_at: string | null }) {
  const res = await db.updateTable('refunds').set({ ...patch, state: to }).where('id', '=', id).where('state', '=', REFUND_STATE.processing).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setRefundId(db: Executor, id: number, refundId: string) {
  await db.updateTable('refunds').set({ refund_id: refundId }).where('id', '=', id).where('refund_id', 'is', null).execute();
}
