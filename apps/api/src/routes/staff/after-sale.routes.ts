import type { AfterSales } from '../../flows/after-sale.js';
import { staffed, type Handlers } from '../../http/context.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Staff review of after-sales requests (ADR 0036): service and finance review, the warehouse receives, finance refunds. */
export function afterSaleStaffHandlers(afterSales: AfterSales, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    searchAfterSales: staffed(async (input, ctx) => afterSales.search(await actor(ctx), input)),
    selectStaffAfterSaleDetail: staffed(async (input, ctx) => afterSales.detailForStaff(await actor(ctx), input.id)),
    reviewAfterSale: staffed(async (input, ctx) => afterSales.review(await actor(ctx), input)),
    receiveAfterSaleReturn: staffed(async (input, ctx) => afterSales.receive(await actor(ctx), input.id)),
    previewAfterSaleRefund: staffed(async (input, ctx) => afterSales.preview(await actor(ctx), input.id)),
    refundAfterSale: staffed(async (input, ctx) => afterSales.refund(await actor(ctx), input)),
  };
}
