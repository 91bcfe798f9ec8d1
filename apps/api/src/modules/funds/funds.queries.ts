/** The funds module's face for flows (ARCHITECTURE layering): withdrawals, transfers, frozen records, income. */
import * as withdrawalRows from './withdrawal.repository.js';
import * as transferRows from './transfer.repository.js';
import * as frozenRows from './frozen.repository.js';
import * as networkIncomeRows from './income.repository.js';
import * as fundsSettingsRows from './funds-settings.repository.js';
export const withdrawalRepo = {
  countPending: withdrawalRows.countPending,
  findByCode: withdrawalRows.findByCode,
  findOfPlatform: withdrawalRows.findOfPlatform,
  findRule: withdrawalRows.findRule,
  insertWithdrawal: withdrawalRows.insertWithdrawal,
  pagePending: withdrawalRows.pagePending,
  settle: withdrawalRows.settle,
};
export const transferRepo = { insertTransfer: transferRows.insertTransfer };
export const frozenRepo = {
  frozenOf: frozenRows.frozenOf,
  insertFrozen: frozenRows.insertFrozen,
  markThawed: frozenRows.markThawed,
};
/** Network income (收益, ADR 0017): the upper agents' earnings, frozen until due; not the 总分. */
export const networkIncomeRepo = {
  chainStep: networkIncomeRows.chainStep,
  claimSource: networkIncomeRows.claimSource,
  frozenIncomes: networkIncomeRows.frozenIncomes,
  gradePrices: networkIncomeRows.gradePrices,
  incomeLines: networkIncomeRows.incomeLines,
  insertIncome: networkIncomeRows.insertIncome,
  orderStates: networkIncomeRows.orderStates,
  recruitReward: networkIncomeRows.recruitReward,
  releaseDays: networkIncomeRows.releaseDays,
  settleIncome: networkIncomeRows.settleIncome,
  unaccruedPaidOrders: networkIncomeRows.unaccruedPaidOrders,
  incomesOfOrder: networkIncomeRows.incomesOfOrder,
  cancelFrozen: networkIncomeRows.cancelFrozen,
  addClawed: networkIncomeRows.addClawed,
  insertDebt: networkIncomeRows.insertDebt,
  openDebts: networkIncomeRows.openDebts,
  payDebt: networkIncomeRows.payDebt,
  // ADR 0038: retail income of VD orders
  incomesOfSource: networkIncomeRows.incomesOfSource,
  setReleaseAt: networkIncomeRows.setReleaseAt,
};
export type { TransferRow } from './transfer.repository.js';
export { findOwn as findCollectionAccount } from './accounts.repository.js';
/** ADR 0034: the agent's collection accounts, default first (an offline refund's payout account). */
export { pageOwn as collectionAccountsOf } from './accounts.repository.js';
export { fundsOf } from './records.repository.js';
export { checkWithdrawal, ruleOf, toWithdrawalRecord } from './withdrawal-rule.js';
export { assertSelf } from './funds.service.js';
export { pageOf } from './paging.js';
export { agentNameOf, agentOfPlatformByPhone, recipientByPhone } from './records.repository.js';
/** The console's settings (ADR 0022): the withdrawal rule and the income settings. */
export const fundsSettings = {
  read: fundsSettingsRows.read,
  saveIncome: fundsSettingsRows.saveIncome,
  saveWithdrawRule: fundsSettingsRows.saveWithdrawRule,
};
/** The cash report (ADR 0031): withdrawals paid in a window. */
export { withdrawalsPaidBetween } from './cash-reads.repository.js';
/** ADR 0033: an agent's withdrawals and collection accounts for the console's agent detail. */
export { accountsOfAgent, frozenOfAgent, withdrawalsOfAgent } from './agent-history.repository.js';
