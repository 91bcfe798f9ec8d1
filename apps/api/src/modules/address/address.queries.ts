/** What other modules and flows ask the address book (its face, ADR 0013): one of the agent's addresses, or null. */
export { findForAgent } from './address.service.js';
/** ADR 0035: the stored fields of an address form (names from the codes), for a staff change of an order's address. */
export { storedAddress } from './address.service.js';
