/** The funds module's face for flows (ARCHITECTURE layering): withdrawals, transfers, frozen records, income. */
export * as withdrawalRepo from './withdrawal.repository.js';
export * as transferRepo from './transfer.repository.js';
export * as frozenRepo from './frozen.repository.js';
export * as incomeRepo from './income.repository.js';
export { findOwn as findCollectionAccount } from './accounts.repository.js';
export { fundsOf } from './records.repository.js';
export { checkWithdrawal, ruleOf, toWithdrawalRecord } from './withdrawal-rule.js';
export { assertSelf } from './funds.service.js';
export { pageOf } from './paging.js';
export { agentNameOf, agentOfPlatformByPhone, recipientByPhone } from './records.repository.js';
/** The console's settings (ADR 0022): the withdrawal rule and the income settings. */
export * as fundsSettings from './funds-settings.repository.js';
/** ADR 0033: an agent's withdrawals and collection accounts for the console's agent detail. */
export { accountsOfAgent, frozenOfAgent, withdrawalsOfAgent } from './agent-history.repository.js';
