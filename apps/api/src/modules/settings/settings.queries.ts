/** The settings module's face (ADR 0013): the version of each settings area, moved by the settings flow. */
export { bumpVersion, readVersions } from './settings.repository.js';
/** Two-key proposals of money settings (ADR 0032). */
export { decideProposal, findProposal, insertProposal, listProposals } from './settings.repository.js';
