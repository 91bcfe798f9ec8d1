/** The upgrade module's face for flows (ARCHITECTURE layering). */
export * from './upgrade.repository.js';
export { rechargeSubject } from './upgrade.subject.js';
