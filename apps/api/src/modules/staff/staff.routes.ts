import { STAFF_PERMISSIONS } from '@shop/contract';
import type { CallContext, Handler, Handlers } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import type { OfflineReview } from '../../flows/review-offline-payment.js';
import type { Shipping } from '../../flows/ship-order.js';
import type { StaffOrders } from './staff-orders.service.js';
import type { StaffSessions } from './staff.service.js';

/** Role check before the handler: the contract's STAFF_PERMISSIONS, and nothing for an operation it does not list. */
function allowed(name: string, handler: (input: any, ctx: CallContext & { staffId: number }) => ReturnType<Handler>): Handler {
  return async (input, ctx) => {
    const roles = STAFF_PERMISSIONS[name] ?? [];
    if (ctx.staffId === null || !ctx.staffRole || !roles.includes(ctx.staffRole)) throw new AppError('FORBIDDEN');
    return handler(input, { ...ctx, staffId: ctx.staffId });
  };
}

/** Review and shipping are flows (they move the order, the ledger and the parcels in one transaction). */
export function staffHandlers(sessions: StaffSessions, orders: StaffOrders, flows: { review: OfflineReview; shipping: Shipping }): Handlers {
  return {
    staffLogin: (input, ctx) => sessions.login(ctx.platId, input),
    staffLogout: allowed('staffLogout', async (_in, ctx) => {
      await sessions.logout(ctx.tokenHash!);
      return {};
    }),
    selectPendingReviewOrders: allowed('selectPendingReviewOrders', (input, ctx) => orders.pendingReview(ctx, input.phonePage)),
    reviewOfflinePayment: allowed('reviewOfflinePayment', (input, ctx) => flows.review.review(ctx, input)),
    shipOrder: allowed('shipOrder', (input, ctx) => flows.shipping.ship(ctx, input)),
  };
}
