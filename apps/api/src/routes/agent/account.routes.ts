import type { Handlers } from '../../http/context.js';
import type { AccountService } from '../../modules/account/account.service.js';

export function accountHandlers(accounts: AccountService): Handlers {
  return {
    selectMyAccoutInfo: async (_in, ctx) => ({ obj: await accounts.accountInfo(ctx.agentId!) }),
    selectMyPageData: async (_in, ctx) => ({ obj: await accounts.myPage(ctx.agentId!) }),
  };
}
