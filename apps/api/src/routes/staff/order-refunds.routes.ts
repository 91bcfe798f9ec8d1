import type { RefundRecords } from '../../flows/refund-records.js';
import { staffed, type Handlers } from '../../http/context.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Staff refunds of a paid order and the offline payouts finance pays (ADR 0034); writes through their flows. */
export function orderRefundStaffHandlers(records: RefundRecords, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    previewOrderRefund: staffed(async (input, ctx) => records.preview(await actor(ctx), input)),
    refundOrder: staffed(async (input, ctx) => records.refund(await actor(ctx), input)),
    selectOrderRefunds: staffed(async (input, ctx) => records.ofOrder(await actor(ctx), input.orderId)),
    selectRefundPayouts: staffed(async (input, ctx) => records.payouts(await actor(ctx), input)),
    payRefundPayout: staffed(async (input, ctx) => records.payPayout(await actor(ctx), input)),
  };
}
