/** The store module's face for flows (ADR 0028, ADR 0038): VD orders and the consumer's session. */
import * as repo from './store.repository.js';
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
