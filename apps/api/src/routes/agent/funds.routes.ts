import type { Handlers } from '../../http/context.js';
import type { TransferFlow } from '../../flows/transfer.js';
import type { WithdrawFlow } from '../../flows/withdraw.js';
import type { FrozenStoreFlow } from '../../flows/frozen-store.js';
import { assertSelf, type FundsService } from '../../modules/funds/funds.service.js';

/** The session's agent; an agentId in the payload must be that agent's (spec 3 §7: identity from the session only). */
export const me = (ctx: { agentId: number | null }, input: { agentId?: number | null }) => {
  assertSelf(ctx.agentId!, input.agentId);
  return ctx.agentId!;
};

/** The flows are built once by the composition root (compose.ts) and shared with the staff side. */
export interface FundsFlows {
  withdraw: WithdrawFlow;
  transfer: TransferFlow;
  frozen: FrozenStoreFlow;
}

/** The goods fund, total score, withdrawal and transfer (spec 3 §7); identity from the session. */
export function fundsHandlers(funds: FundsService, { withdraw, transfer, frozen }: FundsFlows): Handlers {
  return {
    paymentPageOfPersonalInit: async (input, ctx) => funds.personalInit(me(ctx, input)),
    selAgentStoreFrozenRecord: async (input, ctx) => funds.frozenRecords(me(ctx, input)),
    thawAgentStoreFrozenRecord: async (input, ctx) => frozen.thaw(ctx.platId, me(ctx, input), input),
    selectBillOfGoods: async (input, ctx) => funds.goodsBill(me(ctx, input), input.changeType ?? null, input.phonePage),
    selAgentApiAccountInfo: async (input, ctx) => funds.apiAccountInfo(ctx.platId, me(ctx, input)),
    selAllAgentRewardChangeRecord: async (input, ctx) => funds.incomeRecords(me(ctx, input), input.changeType ?? null, input.phonePage),
    selAllAgentWithdrawCashApply: async (input, ctx) => funds.withdrawals(me(ctx, input), input.checkState ?? null, input.phonePage),
    selAccountInfoAndCashRule: async (input, ctx) => funds.accountAndRule(ctx.platId, me(ctx, input)),
    // The wire's bondMoney is the withdrawal's amount (fee included) inside the server.
    saveAgentWithdrawCashApply: async (input, ctx) =>
      withdraw.submit(ctx.platId, me(ctx, input), {
        amount: input.bondMoney,
        accountId: input.accountId,
        serviceCharge: input.serviceCharge,
        payPassword: input.payPassword,
        idempotencyKey: input.idempotencyKey,
      }),
    selAgentByPlatIdAndPhone: async (input, ctx) => transfer.confirm(ctx.platId, ctx.agentId!, input),
    saveAgentWithdrawOut: async (input, ctx) => transfer.transfer(ctx.platId, me(ctx, input), input),
  };
}
