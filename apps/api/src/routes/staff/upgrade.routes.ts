import type { RechargeReview, Reviewer } from '../../flows/payment/review-recharge.js';
import { staffed, type Handler, type Handlers } from '../../http/context.js';
import type { UpgradeService } from '../../modules/upgrade/upgrade.service.js';

/** The staff member's name as the audit records it (compose.ts resolves it from the staff face). */
export type StaffNameOf = (staffId: number) => Promise<string>;

/** The reviewer of a staff call (the role check is the operation routes', ADR 0020). */
export function reviewGuard(nameOf: StaffNameOf) {
  return (run: (input: any, who: Reviewer) => ReturnType<Handler>): Handler =>
    staffed(async (input, ctx) =>
      run(input, { platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip }),
    );
}

/** Staff review of first top-ups and upgrades (ADR 0017). */
export function upgradeStaffHandlers(service: UpgradeService, review: RechargeReview, nameOf: StaffNameOf): Handlers {
  const allowed = reviewGuard(nameOf);
  return {
    selectPendingRecharges: allowed((input, who) => service.pending(who.platId, input.phonePage, who.staffId)),
    reviewRecharge: allowed(async (input, who) => ({ obj: await review.review(who, input) })),
  };
}
