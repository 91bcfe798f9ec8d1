/** The payment module's face for flows (ARCHITECTURE layering): the lifecycle, subjects, vouchers, receipts. */
import * as paymentSettingsRows from './payment-settings.repository.js';
export { createWechatLifecycle, type OpenRequest, type SettleResult, type Started, type WechatLifecycle } from './wechat-lifecycle.js';
export { reconcileWechatPayments, RECONCILE_AFTER_MS, type ReconcileResult } from './wechat-reconcile.js';
export type { SubjectHooks, SubjectKind, SubjectRegistry } from './subject.js';
export { PAYMENT_STATE, REFUND_STATE, findOpenPayment, findWechatPayment, refundsOf, type RefundRow, type WechatPaymentRow } from './wechat-payment.repository.js';
export { checkReceipt, findOfflineAccount, findOfflineAccounts, insertReceipt, lineChargeVoucher, pendingReceipt, receiptsOfOrder } from './payment.repository.js';
export { toOfflineAccount } from './offline-account.js';
export { createVoucherCheck, type VoucherCheck } from './voucher.service.js';
/** The staff console (ADR 0020): an order's payments, and refunding one by hand. */
export { findRefundOfPayment, findWechatPaymentById, markPaidNotApplied, paymentsOfSubject } from './staff-payments.repository.js';
/** Staff refunds of a paid order (ADR 0034): its paid WeChat payment and the refunds made of it. */
export { paidPaymentOf, refundsOfOrderRefunds } from './staff-payments.repository.js';
/** The console's settings (ADR 0022): offline receiving accounts and the voucher rule. */
export const paymentSettings = {
  read: paymentSettingsRows.read,
  replaceAccounts: paymentSettingsRows.replaceAccounts,
  saveVoucherRule: paymentSettingsRows.saveVoucherRule,
};
/** The cash report (ADR 0031): money received and refunded in a window. */
export { offlineOrdersApprovedBetween, wechatReceivedBetween, wechatRefundedBetween } from './cash-reads.repository.js';
/** The refunded total of each order, for the console's export. */
export { refundedByOrder } from './refund-totals.repository.js';
/** Reconciliation with WeChat Pay's bills (ADR 0032): the daily match and the 对账差异 queue. */
export { billDayDone, chinaDayRange, matchBills, type BillMatchResult } from './bill-reconcile.js';
export { DIFF_STATE, findDiff, resolveDiff, searchDiffs, type DiffFilter, type ReconcileDiffRow } from './bill-reconcile.repository.js';
