import type { Handlers } from '../../http/context.js';
import type { SignIn } from '../../flows/sign-in.js';
import type { PointsService } from '../../modules/points/points.service.js';

export function pointsHandlers(points: PointsService, signIn: SignIn): Handlers {
  return {
    selectAgentMyPointChange: (input, ctx) => points.history(ctx.agentId!, input.phonePage),
    selectAgentPointSign: async (_in, ctx) => ({ obj: await points.signPage(ctx.platId, ctx.agentId!) }),
    saveAgentPointSign: async (_in, ctx) => ({ obj: await signIn.sign(ctx.platId, ctx.agentId!) }),
    selectAgentFlqPointRank: async (input, ctx) => ({ objs: await points.rank(ctx.platId, input.selRankType, input.page) }),
  };
}
