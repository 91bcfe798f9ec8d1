import type { BondReview } from '../../flows/payment/review-bond.js';
import type { Handlers } from '../../http/context.js';
import { reviewGuard } from './upgrade.routes.js';
import type { StaffNameOf } from './staff-actor.js';
import type { BondService } from '../../modules/bond/bond.service.js';

/** Staff review of deposit payments and deposit refunds (ADR 0017). */
export function bondStaffHandlers(service: BondService, review: BondReview, nameOf: StaffNameOf): Handlers {
  const allowed = reviewGuard(nameOf);
  return {
    selectPendingBonds: allowed((input, who) => service.pendingPays(who.platId, input.phonePage, who.staffId)),
    reviewBondPayment: allowed(async (input, who) => ({ obj: await review.reviewPayment(who, input) })),
    selectPendingBondReturns: allowed((input, who) => service.pendingReturns(who.platId, input.phonePage)),
    reviewBondReturn: allowed(async (input, who) => ({ obj: await review.reviewReturn(who, input) })),
  };
}
