import type { Handlers } from '../../http/context.js';
import type { CatalogService } from '../../modules/catalog/catalog.service.js';
import type { ContentService } from '../../modules/catalog/content.service.js';

/** Every handler here is for a logged-in agent: ctx.agentId is the session's agent. */
export function catalogHandlers(catalog: CatalogService, content: ContentService): Handlers {
  return {
    selectProdListByType: (input, ctx) => catalog.productsByZone(ctx.agentId!, input.prodType, input.phonePage),
    selectIntegralProdList: (input, ctx) => catalog.activities(ctx.agentId!, input.actStatus, input.phonePage),
    selectProdInfoById: async (input, ctx) => ({ obj: await catalog.product(ctx.agentId!, input.prodId) }),
    selectIntegralProdById: async (input, ctx) => ({ obj: await catalog.activity(ctx.agentId!, input.id) }),
    selectAgentGradeInfo: async (_in, ctx) => ({ obj: await catalog.agentGradeInfo(ctx.agentId!) }),
    selectBaseGradeInfo: (_in, ctx) => catalog.baseGradeInfo(ctx.agentId!),
    selectAgentGradeCheck: async (_in, ctx) => ({ obj: await catalog.gradeCheck(ctx.agentId!) }),
    selectBannerList: async (input, ctx) => ({ objs: await content.banners(ctx.platId, input.type) }),
    selectNewNotice: async (_in, ctx) => ({ objs: await content.latestNotices(ctx.platId) }),
    selectAppNoticeById: async (input, ctx) => ({ obj: await content.notice(ctx.platId, input.id) }),
    selectBasePointSet: async (_in, ctx) => ({ obj: await content.pointSetting(ctx.platId) }),
  };
}
