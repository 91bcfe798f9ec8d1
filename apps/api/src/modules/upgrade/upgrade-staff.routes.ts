import { STAFF_REVIEW_PERMISSIONS } from '@shop/contract';
import type { RechargeReview, Reviewer } from '../../flows/review-recharge.js';
import type { CallContext, Handler, Handlers } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import type { UpgradeService } from './upgrade.service.js';

/** The staff member's name as the audit records it (app.ts resolves it from the staff module). */
export type StaffNameOf = (staffId: number) => Promise<string>;

/** The role check of staff.routes, reading STAFF_REVIEW_PERMISSIONS (finance; admin may do all). */
export function reviewGuard(nameOf: StaffNameOf) {
  return (name: string, run: (input: any, who: Reviewer) => ReturnType<Handler>): Handler =>
    async (input, ctx: CallContext) => {
      const roles = STAFF_REVIEW_PERMISSIONS[name] ?? [];
      if (ctx.staffId === null || !ctx.staffRole || !roles.includes(ctx.staffRole)) throw new AppError('FORBIDDEN');
      return run(input, { platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip });
    };
}

/** Staff review of first top-ups and upgrades (ADR 0017). */
export function upgradeStaffHandlers(service: UpgradeService, review: RechargeReview, nameOf: StaffNameOf): Handlers {
  const allowed = reviewGuard(nameOf);
  return {
    selectPendingRecharges: allowed('selectPendingRecharges', (input, who) => service.pending(who.platId, input.phonePage, who.staffId)),
    reviewRecharge: allowed('reviewRecharge', async (input, who) => ({ obj: await review.review(who, input) })),
  };
}
