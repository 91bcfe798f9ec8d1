import type { Handlers } from '../../http/context.js';
import type { PaymentReads } from '../../modules/payment/payment-reads.service.js';

/** spec 2 §7: the result page's read-back of an order by its payment serial number. */
export function payResultHandlers(reads: PaymentReads): Handlers {
  return {
    selOrderInfoBySerialNumber: async (input: { serialNumber: string }, ctx) => ({ obj: await reads.orderBySerial(ctx.agentId!, input.serialNumber) }),
  };
}
