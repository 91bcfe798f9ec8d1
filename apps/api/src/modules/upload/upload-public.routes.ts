import type { FastifyInstance } from 'fastify';
import { staffed, type Handlers } from '../../http/context.js';
import { PUBLIC_IMAGE_PATH, type PublicImages } from './upload-public.service.js';

export function publicImageHandlers(images: PublicImages): Handlers {
  return {
    uploadStaffImage: staffed(async (_in, ctx) => ({ obj: (await images.store(ctx.files)).join(',') })),
  };
}

/** GET of a published image: image/jpeg, never sniffed, cacheable (its name never changes content). */
export function registerPublicImageReads(app: FastifyInstance, images: PublicImages) {
  app.get(`${PUBLIC_IMAGE_PATH}:name`, async (req, reply) => {
    const data = await images.read((req.params as { name: string }).name);
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}
