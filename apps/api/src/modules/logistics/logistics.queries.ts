/** What flows ask the logistics module (its face, ADR 0013): recording an order's parcels in the caller's transaction. */
export { insertParcels } from './logistics.repository.js';
/** An order's parcels (the staff console's order detail). */
export { parcelsOf } from './logistics.repository.js';
/** ADR 0035: the parcels of many orders (export); a waybill correction and a "not shipped" (flows). */
export { correctParcel, parcelsOfOrders, removeParcels } from './logistics.repository.js';
/** The first waybill of each order (the agent's order views). */
export { firstWaybills } from './logistics.repository.js';
