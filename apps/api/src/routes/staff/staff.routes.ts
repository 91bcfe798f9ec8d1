import { staffed, type Handlers } from '../../http/context.js';
import type { OfflineReview } from '../../flows/payment/review-offline-payment.js';
import type { Shipping } from '../../flows/ship-order.js';
import type { StaffOrders } from '../../modules/staff/staff-orders.service.js';
import type { StaffSessions } from '../../modules/staff/staff.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Review and shipping are flows (they move the order, the ledger and the parcels in one transaction). */
export function staffHandlers(sessions: StaffSessions, orders: StaffOrders, flows: { review: OfflineReview; shipping: Shipping }, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    staffLogout: staffed(async (_in, ctx) => {
      await sessions.logout(ctx.tokenHash!);
      return {};
    }),
    selectStaffSelf: staffed(async (_in, ctx) => ({ obj: await sessions.self(ctx.staffId, ctx.tokenHash!) })),
    startTotpEnrolment: staffed((_in, ctx) => sessions.startTotp(ctx.staffId)),
    confirmTotpEnrolment: staffed((input, ctx) => sessions.confirmTotp(ctx.staffId, ctx.tokenHash!, input.totpCode)),
    // ADR 0033: the member's own password and the admin's login log
    changeOwnStaffPassword: staffed((input, ctx) => sessions.changeOwnPassword({ staffId: ctx.staffId, tokenHash: ctx.tokenHash!, ip: ctx.ip }, input)),
    selectStaffLoginLog: staffed((input, ctx) => sessions.loginLog(ctx.platId, input)),
    selectPendingReviewOrders: staffed((input, ctx) => orders.pendingReview(ctx, input.phonePage)),
    reviewOfflinePayment: staffed(async (input, ctx) => flows.review.review(await actor(ctx), input)),
    shipOrder: staffed(async (input, ctx) => flows.shipping.ship(await actor(ctx), input)),
  };
}
