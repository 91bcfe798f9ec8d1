import type { Deps } from '../../deps.js';
import { createFrozenStoreFlow, type FrozenStoreFlow } from '../../flows/frozen-store.js';
import type { WithdrawFlow } from '../../flows/withdraw.js';
import { createStaffFunds, type StaffFunds } from './staff-funds.service.js';

import { staffed, type Handlers, type Staffed } from '../../http/context.js';

export function staffFundsHandlers(staff: StaffFunds, withdraw: WithdrawFlow, frozen: FrozenStoreFlow): Handlers {
  const actor = (ctx: Staffed) => ({ platId: ctx.platId, staffId: ctx.staffId, role: ctx.staffRole, ip: ctx.ip });
  return {
    selectPendingWithdrawals: staffed((input, ctx) => staff.pendingWithdrawals(ctx.platId, input.phonePage)),
    reviewWithdrawal: staffed(async (input, ctx) => withdraw.review(await staff.actor(actor(ctx)), input)),
    freezeStore: staffed(async (input, ctx) => frozen.freeze(await staff.actor(actor(ctx)), input)),
  };
}

/** The staff funds operations, sharing the withdrawal flow the agents' side uses (app.ts builds it once). */
export function createStaffFundsHandlers(deps: Deps, withdraw: WithdrawFlow): Handlers {
  return staffFundsHandlers(createStaffFunds(deps), withdraw, createFrozenStoreFlow(deps));
}
