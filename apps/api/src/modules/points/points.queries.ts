/** The points module's face for flows (ADR 0013): the sign-in rows, the sign-in setting and the streak rule. */
import * as pointsSettingsRows from './points-settings.repository.js';
export { findSignSetting, insertSign, lastSign, laveIntegral } from './points.repository.js';
export { nextStreakDay, streakLength } from './streak.js';
/** The console's settings (ADR 0022): the point and sign-in settings. */
export const pointsSettings = { read: pointsSettingsRows.read, save: pointsSettingsRows.save };
