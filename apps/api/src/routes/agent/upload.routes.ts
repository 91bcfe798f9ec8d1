import type { Handlers } from '../../http/context.js';
import type { UploadService } from '../../modules/upload/upload.service.js';

export function uploadHandlers(uploads: UploadService): Handlers {
  return {
    uploadImgFile: async (_in, ctx) => ({ obj: (await uploads.store({ agentId: ctx.agentId!, platId: ctx.platId }, ctx.files)).join(',') }),
  };
}
