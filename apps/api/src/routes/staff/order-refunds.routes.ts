import type { RefundRecords } from '../../flows/refund-records.js';
import { staffed, type Handlers } from '../../http/context.js';

/** Staff refunds of a paid order and the offline payouts finance pays (ADR 0034); writes through their flows. */
export function orderRefundStaffHandlers(records: RefundRecords): Handlers {
  return {
    previewOrderRefund: staffed((input, ctx) => records.preview(ctx, input)),
    refundOrder: staffed((input, ctx) => records.refund(ctx, input)),
    selectOrderRefunds: staffed((input, ctx) => records.ofOrder(ctx, input.orderId)),
    selectRefundPayouts: staffed((input, ctx) => records.payouts(ctx, input)),
    payRefundPayout: staffed((input, ctx) => records.payPayout(ctx, input)),
  };
}
