/** The upgrade module's face for flows (ARCHITECTURE layering). */
export * from './upgrade.repository.js';
export { rechargeSubject } from './upgrade.subject.js';
/** The deposit module: signed voucher links and the offline account's wire shape, shared with the top-up. */
export { signed, toAccount, type VoucherLinks } from './upgrade.service.js';
/** Performance (ADR 0018): approved top-ups of a set of agents. */
export { approvedRechargesOf } from './upgrade-performance.repository.js';
/** The console's settings (ADR 0022): upgrade rules and the WeChat top-up flags. */
export * as upgradeSettings from './upgrade-settings.repository.js';
/** ADR 0033: an agent's top-ups and upgrades for the console's agent detail. */
export { rechargesOfAgent } from './agent-history.repository.js';
