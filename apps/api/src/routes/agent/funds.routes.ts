import type { Handlers } from '../../http/context.js';
import type { TransferFlow } from '../../flows/transfer.js';
import type { WithdrawFlow } from '../../flows/withdraw.js';
import type { FrozenStoreFlow } from '../../flows/frozen-store.js';
import type { CollectionAccounts } from '../../modules/funds/accounts.service.js';
import { assertSelf, type FundsService } from '../../modules/funds/funds.service.js';

/** The goods fund, total score, withdrawal, transfer and collection accounts (spec 3 §7); identity from the session. */
/** The flows are built once by the composition root (compose.ts) and shared with the staff side. */
export interface FundsFlows {
  withdraw: WithdrawFlow;
  transfer: TransferFlow;
  frozen: FrozenStoreFlow;
}

export function fundsHandlers(funds: FundsService, accounts: CollectionAccounts, { withdraw, transfer, frozen }: FundsFlows): Handlers {
  const me = (ctx: { agentId: number | null }, input: { agentId?: number | null }) => {
    assertSelf(ctx.agentId!, input.agentId);
    return ctx.agentId!;
  };
  return {
    paymentPageOfPersonalInit: async (input, ctx) => funds.personalInit(me(ctx, input)),
    selAgentStoreFrozenRecord: async (input, ctx) => funds.frozenRecords(me(ctx, input)),
    thawAgentStoreFrozenRecord: async (input, ctx) => frozen.thaw(ctx.platId, me(ctx, input), input),
    selectBillOfGoods: async (input, ctx) => funds.goodsBill(me(ctx, input), input.changeType ?? null, input.phonePage),
    selAgentApiAccountInfo: async (input, ctx) => funds.apiAccountInfo(ctx.platId, me(ctx, input)),
    selAllAgentRewardChangeRecord: async (input, ctx) => funds.incomeRecords(me(ctx, input), input.changeType ?? null, input.phonePage),
    selAllAgentWithdrawCashApply: async (input, ctx) => funds.withdrawals(me(ctx, input), input.checkState ?? null, input.phonePage),
    selAccountInfoAndCashRule: async (input, ctx) => funds.accountAndRule(ctx.platId, me(ctx, input)),
    saveAgentWithdrawCashApply: async (input, ctx) => withdraw.submit(ctx.platId, me(ctx, input), input),
    selAgentByPlatIdAndPhone: async (input, ctx) => transfer.confirm(ctx.platId, ctx.agentId!, input),
    saveAgentWithdrawOut: async (input, ctx) => transfer.transfer(ctx.platId, me(ctx, input), input),
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
