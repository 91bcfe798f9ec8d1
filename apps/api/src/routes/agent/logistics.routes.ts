import type { Handlers } from '../../http/context.js';
import type { LogisticsService } from '../../modules/logistics/logistics.service.js';

export function logisticsHandlers(logistics: LogisticsService): Handlers {
  return {
    selectOrderLogistics: async (input, ctx) => ({ obj: await logistics.orderLogistics(ctx.agentId!, input.logisticsId) }),
  };
}
