/** The ledger's face for reads across agents (ADR 0031); its writes stay `moveBalance` (the kernel). */
export { ACCOUNT_COLUMN, type Account } from './ledger.repository.js';
export { agentBalances, agentOfPlatform, countLedger, pageLedger, recordsBetween, sumLedger, sumLedgerByAgent, type LedgerFilter } from './ledger-reads.repository.js';
export { countLedgerUpTo } from './ledger-reads.repository.js';
