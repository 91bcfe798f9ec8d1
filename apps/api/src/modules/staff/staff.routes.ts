import { STAFF_PERMISSIONS } from '@shop/contract';
import type { CallContext, Handler, Handlers } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
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

export function staffHandlers(sessions: StaffSessions, orders: StaffOrders): Handlers {
  return {
    staffLogin: (input, ctx) => sessions.login(ctx.platId, input),
    staffLogout: allowed('staffLogout', async (_in, ctx) => {
      await sessions.logout(ctx.tokenHash!);
      return {};
    }),
    selectPendingReviewOrders: allowed('selectPendingReviewOrders', (input, ctx) => orders.pendingReview(ctx, input.phonePage)),
    reviewOfflinePayment: allowed('reviewOfflinePayment', (input, ctx) => orders.review(ctx, input)),
    shipOrder: allowed('shipOrder', (input, ctx) => orders.ship(ctx, input)),
  };
}
