import type { FrozenStoreFlow } from '../../flows/frozen-store.js';
import type { WithdrawFlow } from '../../flows/withdraw.js';
import type { StaffFunds } from '../../modules/staff/staff-funds.service.js';
import { staffed, type Handlers } from '../../http/context.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Reviews and freezing go through the same withdrawal and frozen-fund flows as the agents' side (built once in compose.ts). */
export function staffFundsHandlers(staff: StaffFunds, { withdraw, frozen }: { withdraw: WithdrawFlow; frozen: FrozenStoreFlow }, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectPendingWithdrawals: staffed((input, ctx) => staff.pendingWithdrawals(ctx.platId, input.phonePage)),
    reviewWithdrawal: staffed(async (input, ctx) => withdraw.review(await actor(ctx), input)),
    freezeStore: staffed(async (input, ctx) => frozen.freeze(await actor(ctx), input)),
  };
}
