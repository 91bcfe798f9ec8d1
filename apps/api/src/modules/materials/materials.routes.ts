import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/context.js';
import { demoPoster, MEDIA_PATH } from './demo-media.js';
import type { MaterialsService } from './materials.service.js';

export function materialsHandlers(materials: MaterialsService): Handlers {
  return {
    selPlatData: (_in, ctx) => materials.platData(ctx.platId),
    selPlatMaterialList: (input, ctx) => materials.page(ctx.platId, input.materialClassifyId, input.phonePage),
  };
}

const POSTER = /^demo-(\d{1,2})\.jpg$/;

/** GET of the demo materials' pictures (public, like any image a material shares). */
export function registerMaterialMedia(app: FastifyInstance) {
  app.get(`${MEDIA_PATH}:name`, async (req, reply) => {
    const m = POSTER.exec((req.params as { name: string }).name);
    const jpeg = m ? await demoPoster(Number(m[1]) - 1) : null;
    if (!jpeg) return reply.status(404).send({ message: 'not found' });
    return reply.header('content-type', 'image/jpeg').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
