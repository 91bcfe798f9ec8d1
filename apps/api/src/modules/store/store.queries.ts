/** The store module's face for flows (ADR 0028, ADR 0038): VD orders and the consumer's session. */
import * as repo from './store.repository.js';
import * as shipQueue from './store-ship-queue.repository.js';
export type { StoreOrderRow, StoreOrderLineRow } from './store.repository.js';
export type { StoreService } from './store.service.js';
export type { ConsumerService } from './consumer.service.js';
export const storeOrders = {
  insertOrder: repo.insertOrder,
  setOrderCode: repo.setOrderCode,
  insertLines: repo.insertLines,
  orderByKey: repo.orderByKey,
  orderById: repo.orderById,
  orderByCode: repo.orderByCode,
  linesOf: repo.linesOf,
  moveOrder: repo.moveOrder,
  unpaidExpired: repo.unpaidExpired,
  shippedSentBy: repo.shippedSentBy,
  platformsWithShipped: repo.platformsWithShipped,
  cashBetween: repo.cashBetween,
  payMinutes: repo.payMinutes,
  paymentBySerial: repo.paymentBySerial,
  incomeBalance: repo.incomeBalance,
};
/** ADR 0042: the warehouse's one shipping queue reads paid VD orders here. */
export const storeShipQueue = { countToShip: shipQueue.countToShip, toShipRows: shipQueue.toShipRows, linesOf: repo.linesOf, orderByCode: repo.orderByCode };
export type { ShipQueueFilter } from './store-ship-queue.repository.js';
/** ADR 0042: the /my page's shop-enabled flag and shop id (spec 1 §3). */
export { agentStoreFlag } from './store-flag.js';
