import {
  CONSOLE_ORDER_MESSAGES as M,
  MAX_PARCELS,
  ORDER_STATE,
  ORDER_STATE_TEXT,
  STAFF_MESSAGES,
  STORE_ORDER_PREFIX,
  STORE_ORDER_STATE,
  STORE_ORDER_STATE_TEXT,
  companyByCode,
  firstMessage,
  parcelIn,
  type BatchShipRow,
} from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { findOrderByCode } from '../modules/order/order.queries.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import type { ShipFileRow } from '../modules/staff/ship-file.js';
import { storeShipQueue } from '../modules/store/store.queries.js';
import type { ShipInput, Shipping } from './ship-order.js';
import type { StoreOrders } from './store-orders.js';

type Parcel = ShipInput['parcels'][number];

/** A row's parcel, or the reason it is not one (a carrier code we do not know needs its 物流公司 column). */
function parcelOf(r: ShipFileRow): Parcel | string {
  const company = companyByCode(r.shipperCode.trim().toUpperCase());
  const parsed = parcelIn.safeParse({ logisticsName: r.logisticsName || company?.logisticsName || '', shipperCode: r.shipperCode, waybillCode: r.waybillCode });
  if (parsed.success) return parsed.data;
  const msg = firstMessage(parsed.error);
  return msg === STAFF_MESSAGES.logisticsNameRequired ? M.rowCarrierUnknown : msg;
}

/**
 * shipOrdersBatch (ADR 0020): the rows of one order become its parcels and the order ships through the ship-order
 * flow (compare-and-set, parcels, log, audit as 'shipOrdersBatch'), one order at a time, so a bad row fails alone (with
 * the other rows of its order, which cannot ship half) and the rest still ship. Two uploads naming the same order:
 * the ship flow's compare-and-set ships it once; the other answers that its state changed. A VD code ships the store
 * order through its own ship (one parcel, ADR 0042), so one file serves the whole queue.
 */
export function createBatchShipping(deps: Deps, shipping: Shipping, storeShipping?: Pick<StoreOrders, 'ship'>) {
  const k = deps.db.kysely;
  return {
    async ship(actor: StaffActor, rows: ShipFileRow[]) {
      const results = new Map<number, BatchShipRow>();
      const done = (r: ShipFileRow, ok: boolean, msg: string) => results.set(r.row, { row: r.row, orderCode: r.orderCode, ok, msg });
      const byOrder = new Map<string, { row: ShipFileRow; parcel: Parcel | string }[]>();
      for (const r of rows) {
        if (!r.orderCode) done(r, false, M.rowOrderRequired);
        else byOrder.set(r.orderCode, [...(byOrder.get(r.orderCode) ?? []), { row: r, parcel: parcelOf(r) }]);
      }
      let shippedOrders = 0;
      for (const [code, group] of byOrder) {
        const failAll = (msg: string) => group.forEach((g) => done(g.row, false, typeof g.parcel === 'string' ? g.parcel : msg));
        if (group.some((g) => typeof g.parcel === 'string')) {
          failAll('同一订单的其他行有误，该订单未发货');
          continue;
        }
        if (group.length > MAX_PARCELS) {
          failAll(STAFF_MESSAGES.tooManyParcels);
          continue;
        }
        if (code.toUpperCase().startsWith(STORE_ORDER_PREFIX) && storeShipping) {
          const vd = await storeShipQueue.orderByCode(k, code.toUpperCase());
          if (!vd || vd.plat_id !== actor.platId) {
            failAll(M.orderNotFound);
            continue;
          }
          if (vd.state !== STORE_ORDER_STATE.toShip) {
            failAll(`订单当前为「${STORE_ORDER_STATE_TEXT[vd.state] ?? vd.state}」，不能发货`);
            continue;
          }
          if (group.length > 1) {
            failAll(M.rowStoreOneParcel);
            continue;
          }
          const parcel = group[0]!.parcel as Parcel;
          try {
            await storeShipping.ship(actor, { id: Number(vd.id), logisticsName: parcel.logisticsName, waybillCode: parcel.waybillCode }, 'shipOrdersBatch');
            shippedOrders += 1;
            group.forEach((g) => done(g.row, true, '发货成功'));
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            failAll(err.message);
          }
          continue;
        }
        const order = await findOrderByCode(k, actor.platId, code);
        if (!order) {
          failAll(M.orderNotFound);
          continue;
        }
        if (order.circulation_state !== ORDER_STATE.toShip) {
          failAll(`订单当前为「${ORDER_STATE_TEXT[order.circulation_state] ?? order.circulation_state}」，不能发货`);
          continue;
        }
        try {
          await shipping.ship(actor, { orderId: Number(order.id), parcels: group.map((g) => g.parcel as Parcel) }, 'shipOrdersBatch');
          shippedOrders += 1;
          group.forEach((g) => done(g.row, true, '发货成功'));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failAll(err.message);
        }
      }
      const objs = [...results.values()].sort((a, b) => a.row - b.row);
      const failedRows = objs.filter((r) => !r.ok).length;
      return { objs, obj: { rows: objs.length, shippedOrders, failedRows }, msg: failedRows ? `已发货${shippedOrders}单，${failedRows}行未发货` : `已发货${shippedOrders}单` };
    },
  };
}
export type BatchShipping = ReturnType<typeof createBatchShipping>;
