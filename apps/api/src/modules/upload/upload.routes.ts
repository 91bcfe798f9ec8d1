import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/context.js';
import { UPLOAD_PATH, type UploadService } from './upload.service.js';

export function uploadHandlers(uploads: UploadService): Handlers {
  return {
    uploadImgFile: async (_in, ctx) => ({ obj: (await uploads.store({ agentId: ctx.agentId!, platId: ctx.platId }, ctx.files)).join(',') }),
  };
}

/** GET of a stored image through its signed link: image/jpeg, never sniffed, never cached by others. */
export function registerUploadReads(app: FastifyInstance, uploads: UploadService) {
  app.get(`${UPLOAD_PATH}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const q = req.query as { exp?: string; v?: string; sig?: string };
    const data = await uploads.read(name, { exp: Number(q.exp), viewer: String(q.v ?? ''), sig: String(q.sig ?? '') });
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(data);
  });
}
