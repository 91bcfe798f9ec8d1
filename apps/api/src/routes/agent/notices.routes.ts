import type { Handlers } from '../../http/context.js';
import type { ContentService } from '../../modules/catalog/content.service.js';

/** The notice list page (contract content-area): the platform's notices, paged, by name. */
export function noticesHandlers(content: ContentService): Handlers {
  return {
    selectLatestApp: (input, ctx) => content.pageNotices(ctx.platId, input.noticeName ?? '', input.phonePage),
  };
}
