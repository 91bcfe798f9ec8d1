/**
 * What other modules and flows ask the agent module (its face, ADR 0013): an agent's profile with grade and upper
 * agent, and its balances. Accepts the Kysely instance or a transaction.
 */
import * as agentCorrectionRows from './agent-corrections.repository.js';
import * as agentSettingsRows from './agent-settings.repository.js';
export { findBalances, findProfileById, type AgentProfileRow } from './agent.repository.js';
/** The session module: an agent's profile row as the wire's userInfo (one mapping, ADR 0013 soft spot closed). */
export { toUserInfo } from './agent.service.js';
/** The session module (sign-in, openId binding, password reset): an agent's credentials by phone and their writes. */
export { findCredentialsByPhone, setOpenId, setPasswordHash } from './agent.repository.js';
/** ADR 0017: the grade / agentStatus an approved top-up sets, and the deposit gate, in the caller's transaction. */
export { setGrade, setNeedBond } from './agent.repository.js';
/** ADR 0026: the deposit due (raised, lifted, waived), the deactivation a full refund brings, the deposit submissions' lock. */
export { clearDueIfCovered, deactivate, dueStanding, lockDepositStanding, raiseDueIfBelowRule, reactivate, waiveDue } from './agent-deposit.repository.js';
/** Public lookups and performance (ADR 0018): an agent by phone or id with grade and introducer; the agents below. */
export { findLookupById, findLookupByPhone, invitedBy, type AgentLookupRow } from './agent-lookup.repository.js';
/** The dashboard (ADR 0020): agents registered in a time range. */
export { countAgentsCreated } from './agent-counts.repository.js';
/** The staff console (ADR 0020): an agent of the platform, its login switch and grade, names for the audit trail. */
export { agentNamesOf, agentOfPlatform, gradeOfPlatform, moveGrade, switchLogin } from './agent-directory.repository.js';
/** The console's settings (ADR 0022): grades and the registration setting. */
export const agentSettings = {
  read: agentSettingsRows.read,
  saveSetting: agentSettingsRows.saveSetting,
  updateGrade: agentSettingsRows.updateGrade,
};
/** Staff corrections of an agent's profile and inviter (ADR 0035). */
export const agentCorrections = {
  correctionTarget: agentCorrectionRows.correctionTarget,
  phoneUsedByOther: agentCorrectionRows.phoneUsedByOther,
  updateProfile: agentCorrectionRows.updateProfile,
  ancestorsOf: agentCorrectionRows.ancestorsOf,
  setInviter: agentCorrectionRows.setInviter,
  lockNetwork: agentCorrectionRows.lockNetwork,
};
