import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/types.js';

/** The staff console's filters (ADR 0020), already checked; `fromAt` / `beforeAt` are UTC instants. */
export interface OrderFilter {
  platId: string;
  orderCode?: string;
  /** The ordering agent's or the receiver's phone. */
  phone?: string;
  circulationState?: number;
  payType?: number;
  fromAt?: string;
  beforeAt?: string;
  /** ADR 0035: part of the ordering agent's name or phone; of the receiver's; of a parcel's waybill. */
  agent?: string;
  receiver?: string;
  waybill?: string;
  /** ADR 0035: pay-date range, UTC instants. */
  paidFromAt?: string;
  paidBeforeAt?: string;
}

/** A LIKE pattern for "contains", with the wildcards of the text itself escaped. */
const contains = (text: string) => sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

function filtered<O>(q: OrdersQuery<O>, f: OrderFilter): OrdersQuery<O> {
  let r = q.where('orders.plat_id', '=', f.platId);
  // Part of the code (ADR 0035); the whole code still finds exactly its order.
  if (f.orderCode) r = r.where('orders.order_code', 'like', contains(f.orderCode));
  if (f.phone) {
    const phone = f.phone;
    r = r.where((eb) => eb.or([eb('orders.create_agent_tel', '=', phone), eb('orders.receiver_phone', '=', phone)]));
  }
  if (f.circulationState !== undefined) r = r.where('orders.circulation_state', '=', f.circulationState);
  if (f.payType !== undefined) r = r.where('orders.pay_type', '=', f.payType);
  if (f.fromAt) r = r.where('orders.created_at', '>=', f.fromAt);
  if (f.beforeAt) r = r.where('orders.created_at', '<', f.beforeAt);
  if (f.agent) {
    const like = contains(f.agent);
    r = r.where((eb) => eb.or([eb('orders.create_agent_name', 'like', like), eb('orders.create_agent_tel', 'like', like)]));
  }
  if (f.receiver) {
    const like = contains(f.receiver);
    r = r.where((eb) => eb.or([eb('orders.receiver_name', 'like', like), eb('orders.receiver_phone', 'like', like)]));
  }
  if (f.waybill) {
    const like = contains(f.waybill.toUpperCase());
    r = r.where('orders.id', 'in', (eb) => eb.selectFrom('order_parcels').select('order_parcels.order_id').where(sql<string>`upper(order_parcels.waybill_code)`, 'like', like));
  }
  if (f.paidFromAt) r = r.where('orders.pay_date', '>=', f.paidFromAt);
  if (f.paidBeforeAt) r = r.where('orders.pay_date', '<', f.paidBeforeAt);
  return r;
}

export async function countOrders(db: Executor, f: OrderFilter): Promise<number> {
  const row = await filtered(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')), f).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export function searchOrderRows(db: Executor, f: OrderFilter, limit: number, offset: number) {
  return filtered(db.selectFrom('orders').selectAll(), f).orderBy('orders.id', 'desc').limit(limit).offset(offset).execute();
}

/** Orders awaiting shipment (state 3) the oldest payment first: the warehouse works the queue from its front. */
export function toShipRows(db: Executor, f: OrderFilter, limit: number, offset: number) {
  return filtered(db.selectFrom('orders').selectAll(), f).orderBy('orders.pay_date').orderBy('orders.id').limit(limit).offset(offset).execute();
}

export function findOrderByCode(db: Executor, platId: string, orderCode: string) {
  return db.selectFrom('orders').selectAll().where('plat_id', '=', platId).where('order_code', '=', orderCode).executeTakeFirst();
}

/** The order's state log, oldest first. */
export function logsOfOrder(db: Executor, orderId: number) {
  return db.selectFrom('order_logs').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
