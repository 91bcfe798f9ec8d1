/** The bond module's face for flows (ARCHITECTURE layering). */
export {
  countInState,
  findBondPay,
  findBondPayOfAgent,
  findBondReturn,
  insertBondPay,
  insertBondReturn,
  latestBondPay,
  moveBondPay,
  moveBondReturn,
  openBondPay,
  pendingBondReturn,
  setCode,
} from './bond.repository.js';
export { bondSubject } from './bond.subject.js';
/** ADR 0026: the deposit falls due when a grade is set above the deposit held. */
export { settleDepositDue, type DueChange } from './bond-due.js';
/** The cash report (ADR 0031): offline deposits approved and deposit refunds paid in a window. */
export { bondReturnsPaidBetween, offlineBondsApprovedBetween } from './cash-reads.repository.js';
/** ADR 0033: an agent's deposit payments and refunds for the console's agent detail. */
export { bondsOfAgent } from './agent-history.repository.js';
