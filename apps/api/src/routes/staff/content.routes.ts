import { staffed, type Handlers } from '../../http/context.js';
import type { ContentAdmin } from '../../modules/catalog/content-editor.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Banners, notices and activities in the staff console (ADRs 0021, 0022). */
export function contentAdminHandlers(content: ContentAdmin, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectBannersAdmin: staffed((input, ctx) => content.banners(ctx.platId, input.phonePage)),
    saveBanner: staffed(async (input, ctx) => content.saveBanner(await actor(ctx), input)),
    selectNoticesAdmin: staffed((input, ctx) => content.notices(ctx.platId, input.keyword ?? '', input.phonePage)),
    saveNotice: staffed(async (input, ctx) => content.saveNotice(await actor(ctx), input)),
    selectActivitiesAdmin: staffed((input, ctx) => content.activities(ctx.platId, input.keyword ?? '', input.phonePage)),
    saveActivity: staffed(async (input, ctx) => content.saveActivity(await actor(ctx), input)),
  };
}
