import { STAFF_FUNDS_PERMISSIONS } from '@shop/contract';
import type { CallContext, Handler, Handlers } from '../../http/context.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { createFrozenStoreFlow, type FrozenStoreFlow } from '../../flows/frozen-store.js';
import type { WithdrawFlow } from '../../flows/withdraw.js';
import { createStaffFunds, type StaffFunds } from './staff-funds.service.js';

type Staffed = CallContext & { staffId: number; staffRole: string };

/** The role check of staff.routes (STAFF_PERMISSIONS), for the funds operations. */
function allowed(name: keyof typeof STAFF_FUNDS_PERMISSIONS, handler: (input: any, ctx: Staffed) => ReturnType<Handler>): Handler {
  return async (input, ctx) => {
    const roles: readonly string[] = STAFF_FUNDS_PERMISSIONS[name];
    if (ctx.staffId === null || !ctx.staffRole || !roles.includes(ctx.staffRole)) throw new AppError('FORBIDDEN');
    return handler(input, { ...ctx, staffId: ctx.staffId, staffRole: ctx.staffRole });
  };
}

export function staffFundsHandlers(staff: StaffFunds, withdraw: WithdrawFlow, frozen: FrozenStoreFlow): Handlers {
  const actor = (ctx: Staffed) => ({ platId: ctx.platId, staffId: ctx.staffId, role: ctx.staffRole, ip: ctx.ip });
  return {
    selectPendingWithdrawals: allowed('selectPendingWithdrawals', (input, ctx) => staff.pendingWithdrawals(ctx.platId, input.phonePage)),
    reviewWithdrawal: allowed('reviewWithdrawal', async (input, ctx) => withdraw.review(await staff.actor(actor(ctx)), input)),
    freezeStore: allowed('freezeStore', async (input, ctx) => frozen.freeze(await staff.actor(actor(ctx)), input)),
  };
}

/** The staff funds operations, sharing the withdrawal flow the agents' side uses (app.ts builds it once). */
export function createStaffFundsHandlers(deps: Deps, withdraw: WithdrawFlow): Handlers {
  return staffFundsHandlers(createStaffFunds(deps), withdraw, createFrozenStoreFlow(deps));
}
