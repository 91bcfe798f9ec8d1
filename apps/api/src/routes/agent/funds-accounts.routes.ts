import type { Handlers } from '../../http/context.js';
import type { CollectionAccounts } from '../../modules/funds/accounts.service.js';
import { me } from './funds.routes.js';

/** The agent's collection accounts (spec 3 §7, contract funds-accounts); identity from the session. */
export function fundsAccountsHandlers(accounts: CollectionAccounts): Handlers {
  return {
    selectBaseOfflinePayAccountBoList: async (input, ctx) => accounts.list(me(ctx, input), input.phonePage),
    setDefaultAccount: async (input, ctx) => accounts.setDefault(me(ctx, input), input.id, true),
    setIsDefOffinePay: async (input, ctx) => accounts.setDefault(me(ctx, input), input.id, false),
    deleteAccount: async (input, ctx) => accounts.remove(me(ctx, input), input.id),
    selectBaseWithdrawCashBank: async (_input, ctx) => accounts.banks(ctx.platId),
    saveAccount: async (input, ctx) => accounts.save(ctx.platId, me(ctx, input), input),
    updateAccount: async (input, ctx) => accounts.update(ctx.platId, me(ctx, input), input),
    baseOfflinePayInfoById: async (input, ctx) => accounts.byId(me(ctx, input), input.id),
  };
}
