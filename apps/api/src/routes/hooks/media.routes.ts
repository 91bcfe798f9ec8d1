import type { FastifyInstance } from 'fastify';
import { AVATAR_PATH, type ProfileService } from '../../modules/agent/profile.service.js';
import { CERT_PATH, type LookupsService } from '../../modules/lookups/lookups.service.js';
import { DEMO_VIDEO, demoPoster, demoVideo, MEDIA_PATH } from '../../modules/materials/demo-media.js';
import { PUBLIC_IMAGE_PATH, type PublicImages } from '../../modules/upload/upload-public.service.js';
import { UPLOAD_PATH, type UploadService } from '../../modules/upload/upload.service.js';

/** The services whose files are read by GET (not contract operations: an <img> or <video> asks for them). */
export interface MediaSources {
  uploads: UploadService;
  profile: Pick<ProfileService, 'avatarImage'>;
  publicImages: PublicImages;
  lookups: LookupsService;
}

const CERT_NAME = /^(\d{1,12})\.png$/;
const POSTER = /^demo-(\d{1,2})\.jpg$/;
const RANGE = /^bytes=(\d*)-(\d*)$/;

export function registerMediaReads(app: FastifyInstance, m: MediaSources) {
  // A stored image through its signed link: image/jpeg, never sniffed, never cached by others.
  app.get(`${UPLOAD_PATH}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const q = req.query as { exp?: string; v?: string; sig?: string };
    const data = await m.uploads.read(name, { exp: Number(q.exp), viewer: String(q.v ?? ''), sig: String(q.sig ?? '') });
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(data);
  });

  // An avatar in use: public (other agents see it in the rankings), re-encoded JPEG from the upload store.
  app.get(`${AVATAR_PATH}:name`, async (req, reply) => {
    const data = await m.profile.avatarImage((req.params as { name: string }).name);
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(data);
  });

  // A published image: image/jpeg, never sniffed, cacheable (its name never changes content).
  app.get(`${PUBLIC_IMAGE_PATH}:name`, async (req, reply) => {
    const data = await m.publicImages.read((req.params as { name: string }).name);
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });

  // A certificate PNG: only through the signed link an authorization answer carries.
  app.get(`${CERT_PATH}:name`, async (req, reply) => {
    const match = CERT_NAME.exec((req.params as { name: string }).name);
    const sig = String((req.query as Record<string, unknown>).s ?? '');
    const png = match ? await m.lookups.certificate(Number(match[1]), sig) : null;
    if (!png) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .send(png);
  });

  // The demo materials' pictures and video (public, like any image a material shares). The video answers byte
  // ranges: Safari (WeChat on iOS) plays only a video served in ranges.
  app.get(`${MEDIA_PATH}${DEMO_VIDEO}`, async (req, reply) => {
    const data = await demoVideo();
    reply.header('content-type', 'video/webm').header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400');
    const r = RANGE.exec(String(req.headers.range ?? ''));
    if (!r || (!r[1] && !r[2])) return reply.send(data);
    const start = r[1] ? Number(r[1]) : Math.max(0, data.length - Number(r[2]));
    const end = r[1] && r[2] ? Math.min(Number(r[2]), data.length - 1) : data.length - 1;
    if (start > end || start >= data.length) return reply.status(416).header('content-range', `bytes */${data.length}`).send();
    return reply.status(206).header('content-range', `bytes ${start}-${end}/${data.length}`).send(data.subarray(start, end + 1));
  });
  app.get(`${MEDIA_PATH}:name`, async (req, reply) => {
    const p = POSTER.exec((req.params as { name: string }).name);
    const jpeg = p ? await demoPoster(Number(p[1]) - 1) : null;
    if (!jpeg) return reply.status(404).send({ message: 'not found' });
    return reply.header('content-type', 'image/jpeg').header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
