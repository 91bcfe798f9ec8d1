import type { BatchShipping } from '../../flows/ship-orders-batch.js';
import type { ShippingQueue } from '../../flows/shipping-queue.js';
import type { StaffOrderClosing } from '../../flows/staff-close-order.js';
import type { StaffRefund } from '../../flows/payment/refund-wechat-payment.js';
import type { Deps } from '../../deps.js';
import { staffed, type Handlers } from '../../http/context.js';
import { exportOrdersXlsx } from '../../modules/staff/orders-export.js';
import { readShipFile } from '../../modules/staff/ship-file.js';
import type { ConsoleOrders } from '../../modules/staff/orders-search.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The console's orders (ADR 0020): reads here, writes through their flows (each audited in its transaction). */
export function consoleOrderHandlers(
  deps: Deps,
  reads: ConsoleOrders,
  flows: { batch: BatchShipping; closing: StaffOrderClosing; refund: StaffRefund; queue: ShippingQueue },
  nameOf: StaffNameOf,
): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    // ADR 0042: the agents' orders and the stores' VD orders in one queue.
    selectOrdersToShip: staffed((input, ctx) => flows.queue.toShip(ctx, input)),
    searchOrders: staffed((input, ctx) => reads.search(ctx, input)),
    selectStaffOrderDetail: staffed((input, ctx) => reads.detail(ctx, input.orderId)),
    exportOrders: staffed((input, ctx) => exportOrdersXlsx(deps, ctx, input)),
    shipOrdersBatch: staffed(async (_in, ctx) => flows.batch.ship(await actor(ctx), await readShipFile(ctx.files.find((f) => f.field === '0')))),
    closeOrderByStaff: staffed(async (input, ctx) => flows.closing.close(await actor(ctx), input)),
    refundWechatPayment: staffed(async (input, ctx) => flows.refund.refund(await actor(ctx), input)),
  };
}
