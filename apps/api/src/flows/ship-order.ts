import { companyByCode, ORDER_STATE, STAFF_MESSAGES } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { iso } from '../lib/clock.js';
import { insertParcels } from '../modules/logistics/logistics.queries.js';
import { notify } from '../modules/notification/notification.queries.js';
import * as orders from '../modules/order/order.queries.js';
import { auditOrderWrite, operatorName, platformOrderIn, stateChanged, type StaffActor } from '../modules/staff/staff.queries.js';

export interface ShipInput {
  orderId: number;
  parcels: { logisticsName: string; shipperCode: string; waybillCode: string; phone: string }[];
}

/**
 * Shipping by the warehouse (ADR 0010): order 3 → 4, sendState 1, the parcels (1 to 10) recorded and the audit
 * record written, in one transaction. `operation` names the staff call for the audit (shipOrder, shipOrdersBatch).
 */
export function createShipping(deps: Deps) {
  const k = deps.db.kysely;
  return {
    async ship(actor: StaffActor, input: ShipInput, operation = 'shipOrder') {
      const codes = input.parcels.map((p) => `${p.shipperCode}:${p.waybillCode.toUpperCase()}`);
      if (new Set(codes).size !== codes.length) throw new AppError('VALIDATION', STAFF_MESSAGES.waybillRepeated);
      const order = await platformOrderIn(k, actor, input.orderId, ORDER_STATE.toShip, ORDER_STATE.shipped);
      const by = operatorName(actor);
      const at = iso(deps.clock.now());
      const orderId = Number(order.id);
      const parcels = input.parcels.map((p) => ({ ...p, phone: p.phone || companyByCode(p.shipperCode)?.phone || '' }));
      await k.transaction().execute(async (trx) => {
        const moved = await orders.moveState(trx, orderId, ORDER_STATE.toShip, ORDER_STATE.shipped, { send_state: 1, send_date: at });
        if (!moved) throw stateChanged();
        await insertParcels(trx, orderId, parcels, at);
        const remark = parcels.map((p) => `${p.logisticsName} ${p.waybillCode}`).join('; ').slice(0, 200);
        await orders.addLog(trx, { order_id: orderId, order_state: ORDER_STATE.shipped, opt_name: '发货', opt_by: by, opt_remark: remark, created_at: at });
        const target = { operation, targetKind: 'order', targetId: orderId, agentId: Number(order.create_agent_id) };
        await auditOrderWrite(trx, actor, { ...target, before: String(ORDER_STATE.toShip), after: String(ORDER_STATE.shipped), detail: `${order.order_code} ${remark}`, at });
        // ADR 0037: the agent is told (keyed by the waybill: an order marked not shipped and shipped again is news).
        const first = parcels[0]!;
        await notify(trx, {
          platId: order.plat_id,
          agentId: Number(order.create_agent_id),
          key: `order:${orderId}:shipped:${first.shipperCode}:${first.waybillCode.toUpperCase()}`.slice(0, 120),
          kind: 'orderShipped',
          title: '订单已发货',
          body: `订单 ${order.order_code} 已发货：${remark}。`,
          link: `/ordersDetail?id=${orderId}`,
          at,
          fields: { orderCode: order.order_code, carrier: first.logisticsName, waybill: first.waybillCode },
        });
      });
      return { obj: { id: orderId, circulationState: ORDER_STATE.shipped, sendState: 1 } };
    },
  };
}
export type Shipping = ReturnType<typeof createShipping>;
