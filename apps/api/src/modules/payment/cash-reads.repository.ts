import type { Executor } from '../../db/types.js';
import { PAYMENT_STATE, REFUND_STATE } from './wechat-payment.repository.js';

/** The cash report's reads of the payment module (ADR 0031): money that moved in a UTC window. */

/** WeChat payments received (paid, or paid late and refunded apart), by paid time. */
export function wechatReceivedBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('wechat_payments')
    .select(['subject_kind', 'amount', 'paid_at as at'])
    .where('plat_id', '=', platId)
    .where('state', 'in', [PAYMENT_STATE.paid, PAYMENT_STATE.late])
    .where('paid_at', '>=', fromUtc)
    .where('paid_at', '<', beforeUtc)
    .execute();
}

/** WeChat refunds that succeeded, by success time. */
export function wechatRefundedBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('refunds')
    .select(['subject_kind', 'amount', 'succeeded_at as at'])
    .where('plat_id', '=', platId)
    .where('state', '=', REFUND_STATE.succeeded)
    .where('succeeded_at', '>=', fromUtc)
    .where('succeeded_at', '<', beforeUtc)
    .execute();
}

/** Offline order payments approved (receipt 1), by review time: the offline part of the order and the account it reached. */
export function offlineOrdersApprovedBetween(db: Executor, platId: string, fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('receipt_records as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.offline_pay_money as amount', 'r.receive_bank_name', 'r.receive_account_name', 'r.receive_account_number', 'r.checked_at as at'])
    .where('r.plat_id', '=', platId)
    .where('r.check_state', '=', 1)
    .where('r.checked_at', '>=', fromUtc)
    .where('r.checked_at', '<', beforeUtc)
    .execute();
}
