import type { Handlers } from '../../http/context.js';
import type { LookupsService } from '../../modules/lookups/lookups.service.js';

export function lookupsHandlers(lookups: LookupsService): Handlers {
  return {
    searchDataByTraceCode: async (input, ctx) => ({ obj: await lookups.trace(ctx.platId, ctx.ip, input.traceCode) }),
    selectTraceReviewSelRecord: (input, ctx) => lookups.review(ctx.platId, ctx.ip, input.reviewCode),
    selectAgentAuthorizedInfo: async (input, ctx) => ({ obj: await lookups.authorization(ctx.platId, ctx.ip, input.phone) }),
  };
}
