/** What other modules and flows ask the address book (its face, ADR 0013): one of the agent's addresses, or null. */
export { findForAgent } from './address.service.js';
