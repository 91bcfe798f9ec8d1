/** The funds module's face for flows (ARCHITECTURE layering): withdrawals, transfers, frozen records, income. */
import * as withdrawalRows from './withdrawal.repository.js';
import * as transferRows from './transfer.repository.js';
import * as frozenRows from './frozen.repository.js';
import * as incomeRows from './income.repository.js';
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
export const incomeRepo = {
  chainStep: incomeRows.chainStep,
  claimSource: incomeRows.claimSource,
  frozenIncomes: incomeRows.frozenIncomes,
  gradePrices: incomeRows.gradePrices,
  incomeLines: incomeRows.incomeLines,
  insertIncome: incomeRows.insertIncome,
  orderStates: incomeRows.orderStates,
  recruitReward: incomeRows.recruitReward,
  releaseDays: incomeRows.releaseDays,
  settleIncome: incomeRows.settleIncome,
  unaccruedPaidOrders: incomeRows.unaccruedPaidOrders,
  incomesOfOrder: incomeRows.incomesOfOrder,
  cancelFrozen: incomeRows.cancelFrozen,
  addClawed: incomeRows.addClawed,
  insertDebt: incomeRows.insertDebt,
  openDebts: incomeRows.openDebts,
  payDebt: incomeRows.payDebt,
  // ADR 0038: retail income of VD orders
  incomesOfSource: incomeRows.incomesOfSource,
  setReleaseAt: incomeRows.setReleaseAt,
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
