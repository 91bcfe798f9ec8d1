/** The ledger's face for reads across agents (issue 19 §2, ADR 0031); its writes stay `moveBalance` (the kernel). */
export { ACCOUNT_COLUMN, type Account } from './ledger.repository.js';
export { agentBalances, agentOfPlatform, countLedger, pageLedger, recordsBetween, sumLedger, sumLedgerByAgent, type LedgerFilter } from './ledger-reads.repository.js';
