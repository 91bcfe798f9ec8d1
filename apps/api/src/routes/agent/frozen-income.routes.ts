import type { Handlers } from '../../http/context.js';
import type { FrozenIncomeService } from '../../modules/funds/frozen-income.service.js';
import { me } from './funds.routes.js';

/** /total's frozen income list (contract frozen-income); identity from the session. */
export function frozenIncomeHandlers(incomes: FrozenIncomeService): Handlers {
  return {
    selFrozenIncomeRecords: async (input, ctx) => incomes.list(ctx.platId, me(ctx, input), input.tab === 1 ? 1 : 0, input.phonePage),
  };
}
