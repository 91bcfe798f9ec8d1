import { staffed, type Handlers } from '../../http/context.js';
import type { PublicImages } from '../../modules/upload/upload-public.service.js';

export function publicImageHandlers(images: PublicImages): Handlers {
  return {
    uploadStaffImage: staffed(async (_in, ctx) => ({ obj: (await images.store(ctx.files)).join(',') })),
  };
}
