/** The upgrade module's face for flows (ARCHITECTURE layering). */
export * from './upgrade.repository.js';
export { rechargeSubject } from './upgrade.subject.js';
/** Performance (issue 10 item 8): approved top-ups of a set of agents. */
export { approvedRechargesOf } from './upgrade-performance.repository.js';
/** The console's settings (issue 12 item 2): upgrade rules and the WeChat top-up flags. */
export * as upgradeSettings from './upgrade-settings.repository.js';
