import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/context.js';
import { DEMO_VIDEO, demoPoster, demoVideo, MEDIA_PATH } from './demo-media.js';
import type { MaterialsService } from './materials.service.js';

export function materialsHandlers(materials: MaterialsService): Handlers {
  return {
    selPlatData: (_in, ctx) => materials.platData(ctx.platId),
    selPlatMaterialList: (input, ctx) => materials.page(ctx.platId, input.materialClassifyId, input.phonePage),
  };
}

const POSTER = /^demo-(\d{1,2})\.jpg$/;

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** GET of the demo materials' pictures and video (public, like any image a material shares). */
export function registerMaterialMedia(app: FastifyInstance) {
  // The video answers byte ranges: Safari (WeChat on iOS) plays only a video served in ranges.
  app.get(`${MEDIA_PATH}${DEMO_VIDEO}`, async (req, reply) => {
    const data = await demoVideo();
    reply.header('content-type', 'video/webm').header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400');
    const m = RANGE.exec(String(req.headers.range ?? ''));
    if (!m || (!m[1] && !m[2])) return reply.send(data);
    const start = m[1] ? Number(m[1]) : Math.max(0, data.length - Number(m[2]));
    const end = m[1] && m[2] ? Math.min(Number(m[2]), data.length - 1) : data.length - 1;
    if (start > end || start >= data.length) return reply.status(416).header('content-range', `bytes */${data.length}`).send();
    return reply.status(206).header('content-range', `bytes ${start}-${end}/${data.length}`).send(data.subarray(start, end + 1));
  });
  app.get(`${MEDIA_PATH}:name`, async (req, reply) => {
    const m = POSTER.exec((req.params as { name: string }).name);
    const jpeg = m ? await demoPoster(Number(m[1]) - 1) : null;
    if (!jpeg) return reply.status(404).send({ message: 'not found' });
    return reply.header('content-type', 'image/jpeg').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
