/** The upgrade module's face for flows (ARCHITECTURE layering). */
import * as upgradeSettingsRows from './upgrade-settings.repository.js';
export {
  countInState,
  countRecruits,
  findGrades,
  findRecharge,
  findRechargeOfAgent,
  findRules,
  insertRecharge,
  moveRecharge,
  openRecharge,
  rechargeFlags,
  setRechargeCode,
  type RechargeRow,
} from './upgrade.repository.js';
export { rechargeSubject } from './upgrade.subject.js';
/** The deposit module: signed voucher links, shared with the top-up. */
export { signed, type VoucherLinks } from './upgrade.service.js';
/** Performance (ADR 0018): approved top-ups of a set of agents. */
export { approvedRechargesOf } from './upgrade-performance.repository.js';
/** The console's settings (ADR 0022): upgrade rules and the WeChat top-up flags. */
export const upgradeSettings = {
  read: upgradeSettingsRows.read,
  replaceRules: upgradeSettingsRows.replaceRules,
  saveRechargeFlags: upgradeSettingsRows.saveRechargeFlags,
};
/** The cash report (ADR 0031): offline top-ups and upgrades approved in a window. */
export { offlineRechargesApprovedBetween } from './cash-reads.repository.js';
/** ADR 0033: an agent's top-ups and upgrades for the console's agent detail. */
export { rechargesOfAgent } from './agent-history.repository.js';
