/** What flows ask the logistics module (its face, ADR 0013): recording an order's parcels in the caller's transaction. */
export { insertParcels } from './logistics.repository.js';
