import { STAFF_REVIEW_PERMISSIONS } from '@shop/contract';
import type { Reviewer, RechargeReview } from '../../flows/review-recharge.js';
import type { BondReview } from '../../flows/review-bond.js';
import type { CallContext, Handler, Handlers } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import { findStaffById } from '../staff/staff.repository.js';
import type { Executor } from '../../db/types.js';
import type { BondService } from '../bond/bond.service.js';
import type { UpgradeService } from './upgrade.service.js';

/**
 * Staff reviews of top-ups, upgrades, deposits and deposit refunds (ADR 0017). The role check reads the contract's
 * STAFF_REVIEW_PERMISSIONS (finance; admin may do all), as staff.routes reads STAFF_PERMISSIONS.
 */
export function staffReviewHandlers(
  db: Executor,
  s: { upgrade: UpgradeService; bond: BondService; recharge: RechargeReview; bondReview: BondReview },
): Handlers {
  const allowed =
    (name: string, run: (input: any, who: Reviewer) => ReturnType<Handler>): Handler =>
    async (input, ctx: CallContext) => {
      const roles = STAFF_REVIEW_PERMISSIONS[name] ?? [];
      if (ctx.staffId === null || !ctx.staffRole || !roles.includes(ctx.staffRole)) throw new AppError('FORBIDDEN');
      const staff = await findStaffById(db, ctx.staffId);
      return run(input, { platId: ctx.platId, staffId: ctx.staffId, staffName: staff?.username ?? String(ctx.staffId), role: ctx.staffRole, ip: ctx.ip });
    };
  return {
    selectPendingRecharges: allowed('selectPendingRecharges', (input, who) => s.upgrade.pending(who.platId, input.phonePage)),
    reviewRecharge: allowed('reviewRecharge', async (input, who) => ({ obj: await s.recharge.review(who, input) })),
    selectPendingBonds: allowed('selectPendingBonds', (input, who) => s.bond.pendingPays(who.platId, input.phonePage)),
    reviewBondPayment: allowed('reviewBondPayment', async (input, who) => ({ obj: await s.bondReview.reviewPayment(who, input) })),
    selectPendingBondReturns: allowed('selectPendingBondReturns', (input, who) => s.bond.pendingReturns(who.platId, input.phonePage)),
    reviewBondReturn: allowed('reviewBondReturn', async (input, who) => ({ obj: await s.bondReview.reviewReturn(who, input) })),
  };
}
