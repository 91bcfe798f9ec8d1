import { addressLine, companyByCode, CORRECTION_MESSAGES as M, ORDER_STATE, type AddressFormValues } from '@shop/contract';
import type { Deps } from '../deps.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { storedAddress } from '../modules/address/address.queries.js';
import { correctParcel, parcelsOf, removeParcels } from '../modules/logistics/logistics.queries.js';
import * as orders from '../modules/order/order.queries.js';
import { auditOrderWrite, findOrderOfPlatform, operatorName, stateChanged, type StaffActor } from '../modules/staff/staff.queries.js';

/** The order-log titles the agent reads in the order's history (ADR 0035). */
export const CORRECTION_LOG = { waybill: '物流单号已更正', notShipped: '包裹未发出，订单回到待发货', address: '收货地址已修改' } as const;

/** States in which the parcel has not left: the receiving address may still change. */
const NOT_SHIPPED: readonly number[] = [ORDER_STATE.unpaid, ORDER_STATE.review, ORDER_STATE.toShip];

export interface WaybillInput {
  orderId: number;
  parcelId: number;
  /** The waybill the member saw (compare-and-set: a correction by someone else in between is refused). */
  fromWaybillCode: string;
  logisticsName: string;
  shipperCode: string;
  waybillCode: string;
  phone: string;
  reason: string;
}

/**
 * The warehouse's corrections of an order (ADR 0035): each a compare-and-set on what was read, the order log the
 * agent reads and the audit record, in one transaction.
 */
export function createOrderCorrections(deps: Deps) {
  const k = deps.db.kysely;

  async function orderOf(actor: StaffActor, orderId: number) {
    const order = await findOrderOfPlatform(k, actor.platId, orderId);
    if (!order) throw new AppError('RECORD_NOT_FOUND', M.orderNotFound);
    return order;
  }

  return {
    /** A wrong carrier or waybill on a shipped parcel; tracking (logistics) reads the parcel row, so it follows. */
    async correctWaybill(actor: StaffActor, input: WaybillInput) {
      const order = await orderOf(actor, input.orderId);
      if (order.circulation_state !== ORDER_STATE.shipped) throw new AppError('VALIDATION', M.waybillOnlyShipped);
      const parcel = (await parcelsOf(k, input.orderId, 100)).find((p) => Number(p.id) === input.parcelId);
      if (!parcel) throw new AppError('RECORD_NOT_FOUND', M.parcelNotFound);
      if (parcel.waybill_code.toUpperCase() !== input.fromWaybillCode.toUpperCase()) throw new AppError('VALIDATION', M.parcelChanged);
      const waybillCode = input.waybillCode.toUpperCase();
      if (parcel.shipper_code === input.shipperCode && parcel.waybill_code.toUpperCase() === waybillCode) throw new AppError('VALIDATION', M.waybillSame);
      const to = { logisticsName: input.logisticsName, shipperCode: input.shipperCode, waybillCode, phone: input.phone || companyByCode(input.shipperCode)?.phone || '' };
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      const before = `${parcel.logistics_name} ${parcel.waybill_code}`;
      const after = `${to.logisticsName} ${to.waybillCode}`;
      await k.transaction().execute(async (trx) => {
        // The order must still be shipped (a "not shipped" at the same time removes the parcel) ...
        if (!(await orders.moveState(trx, input.orderId, ORDER_STATE.shipped, ORDER_STATE.shipped))) throw stateChanged();
        // ... and the parcel still carry the waybill this member read: two corrections at once, one wins.
        if (!(await correctParcel(trx, input.orderId, input.parcelId, { shipperCode: parcel.shipper_code, waybillCode: parcel.waybill_code }, to))) {
          throw new AppError('VALIDATION', M.parcelChanged);
        }
        await orders.addLog(trx, { order_id: input.orderId, order_state: ORDER_STATE.shipped, opt_name: CORRECTION_LOG.waybill, opt_by: by, opt_remark: `${before} → ${after}`, created_at: at });
        await auditOrderWrite(trx, actor, {
          operation: 'correctWaybill',
          targetKind: 'order',
          targetId: input.orderId,
          agentId: Number(order.create_agent_id),
          before,
          after,
          reason: input.reason,
          detail: `订单 ${order.order_code} 包裹运单更正`,
          at,
        });
      });
      return { obj: { id: input.orderId, parcelId: input.parcelId, shipperCode: to.shipperCode, waybillCode: to.waybillCode } };
    },

    /**
     * A parcel never handed over: 4 → 3 with the ship time cleared (the auto-receipt clock, ADR 0027, runs from
     * send_date, so it starts again only from the next shipping) and the parcels removed (the log keeps them).
     */
    async markNotShipped(actor: StaffActor, input: { orderId: number; reason: string }) {
      const order = await orderOf(actor, input.orderId);
      if (order.circulation_state !== ORDER_STATE.shipped) throw new AppError('VALIDATION', M.unshipOnlyShipped);
      const parcels = await parcelsOf(k, input.orderId, 100);
      const waybills = parcels.map((p) => `${p.logistics_name} ${p.waybill_code}`).join('; ');
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      await k.transaction().execute(async (trx) => {
        if (!(await orders.moveState(trx, input.orderId, ORDER_STATE.shipped, ORDER_STATE.toShip, { send_state: 0, send_date: null }))) throw stateChanged();
        await removeParcels(trx, input.orderId);
        await orders.addLog(trx, { order_id: input.orderId, order_state: ORDER_STATE.toShip, opt_name: CORRECTION_LOG.notShipped, opt_by: by, opt_remark: `原运单 ${waybills} 已作废`.slice(0, 200), created_at: at });
        await auditOrderWrite(trx, actor, {
          operation: 'markOrderNotShipped',
          targetKind: 'order',
          targetId: input.orderId,
          agentId: Number(order.create_agent_id),
          before: String(ORDER_STATE.shipped),
          after: String(ORDER_STATE.toShip),
          reason: input.reason,
          detail: `订单 ${order.order_code} 原运单：${waybills}`.slice(0, 255),
          at,
        });
      });
      return { obj: { id: input.orderId, circulationState: ORDER_STATE.toShip, sendState: 0 } };
    },

    /**
     * The receiving address of an order not yet shipped, at the agent's request, checked like the address book (names
     * from the codes). The postage stays as it was priced and paid: headquarters bears any difference.
     */
    async changeAddress(actor: StaffActor, input: Omit<AddressFormValues, 'isDefAddr'> & { orderId: number; reason: string }) {
      const order = await orderOf(actor, input.orderId);
      if (!NOT_SHIPPED.includes(order.circulation_state)) throw new AppError('VALIDATION', M.addressOnlyUnshipped);
      const a = storedAddress(input);
      const to: orders.Receiver = {
        receiver_name: a.receiver_name,
        receiver_phone: a.receiver_phone,
        receiver_province: a.province,
        receiver_city: a.city,
        receiver_county: a.district,
        receive_county_id: a.district_code || a.city_code || a.province_code,
        receiver_post_code: a.post_code,
        receiver_address: a.address,
      };
      const from: orders.Receiver = {
        receiver_name: order.receiver_name,
        receiver_phone: order.receiver_phone,
        receiver_province: order.receiver_province,
        receiver_city: order.receiver_city,
        receiver_county: order.receiver_county,
        receive_county_id: order.receive_county_id,
        receiver_post_code: order.receiver_post_code,
        receiver_address: order.receiver_address,
      };
      if (Object.entries(to).every(([key, v]) => from[key as keyof orders.Receiver] === v)) throw new AppError('VALIDATION', M.addressSame);
      const line = (r: orders.Receiver) => `${r.receiver_name} ${r.receiver_phone} ${addressLine(r.receiver_province, r.receiver_city, r.receiver_county, r.receiver_address)}`;
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      await k.transaction().execute(async (trx) => {
        if (!(await orders.changeReceiver(trx, input.orderId, order.circulation_state, from, to))) throw stateChanged();
        await orders.addLog(trx, { order_id: input.orderId, order_state: order.circulation_state, opt_name: CORRECTION_LOG.address, opt_by: by, opt_remark: line(to).slice(0, 200), created_at: at });
        await auditOrderWrite(trx, actor, {
          operation: 'changeOrderAddress',
          targetKind: 'order',
          targetId: input.orderId,
          agentId: Number(order.create_agent_id),
          before: line(from),
          after: line(to),
          reason: input.reason,
          detail: `订单 ${order.order_code}，运费按原价不变`,
          at,
        });
      });
      return { obj: { id: input.orderId, receiverName: to.receiver_name, receiverPhone: to.receiver_phone, receiverFullAddress: addressLine(to.receiver_province, to.receiver_city, to.receiver_county, to.receiver_address) } };
    },
  };
}
export type OrderCorrections = ReturnType<typeof createOrderCorrections>;
