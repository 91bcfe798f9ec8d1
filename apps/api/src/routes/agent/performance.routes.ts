import type { Handlers } from '../../http/context.js';
import type { PerformanceService } from '../../modules/performance/performance.service.js';

export function performanceHandlers(performance: PerformanceService): Handlers {
  return {
    selEveryMonthMoney: (input, ctx) => performance.months(ctx.platId, ctx.agentId!, input.phonePage),
    selPerformanceDetails: (input, ctx) => performance.details(ctx.platId, ctx.agentId!, input.orderTimeYYmm, input.phonePage),
  };
}
