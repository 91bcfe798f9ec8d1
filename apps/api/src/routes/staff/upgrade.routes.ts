import type { RechargeReview } from '../../flows/payment/review-recharge.js';
import { staffed, type Handler, type Handlers } from '../../http/context.js';
import type { UpgradeService } from '../../modules/upgrade/upgrade.service.js';
import type { StaffActor } from '../../modules/staff/staff.queries.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The reviewer of a staff call (the role check is the operation routes', ADR 0020). */
export function reviewGuard(nameOf: StaffNameOf) {
  const actor = staffActorOf(nameOf);
  return (run: (input: any, who: StaffActor) => ReturnType<Handler>): Handler => staffed(async (input, ctx) => run(input, await actor(ctx)));
}

/** Staff review of first top-ups and upgrades (ADR 0017). */
export function upgradeStaffHandlers(service: UpgradeService, review: RechargeReview, nameOf: StaffNameOf): Handlers {
  const allowed = reviewGuard(nameOf);
  return {
    selectPendingRecharges: allowed((input, who) => service.pending(who.platId, input.phonePage, who.staffId)),
    reviewRecharge: allowed(async (input, who) => ({ obj: await review.review(who, input) })),
  };
}
