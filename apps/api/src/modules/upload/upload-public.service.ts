import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@shop/contract';
import type { UploadedFile } from '../../http/context.js';
import { AppError } from '../../lib/errors.js';
import type { StorageProvider } from '../../providers/storage/storage-provider.js';
import { imageKind } from './upload.service.js';

/** Where the shop reads images staff publish (banners, materials, notices): public, like the pictures themselves. */
export const PUBLIC_IMAGE_PATH = '/api/common/media/';
const NAME = /^[0-9a-f-]{36}\.jpg$/;
const key = (name: string) => `public-${name}`;

/**
 * Images staff upload for everyone to see. The voucher rules apply (reference §4): checked by content (JPEG/PNG),
 * size and count limits, re-encoded to JPEG without metadata, stored under a server-made name. Unlike vouchers they
 * are read without a signed link: every agent sees a banner.
 */
export function createPublicImages(storage: StorageProvider) {
  return {
    async store(files: UploadedFile[]): Promise<string[]> {
      if (files.length === 0) throw new AppError('VALIDATION', UPLOAD_MESSAGES.none);
      if (files.length > UPLOAD_LIMITS.maxFiles) throw new AppError('TOO_MANY_FILES');
      for (const f of files) {
        if (f.data.length > UPLOAD_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE');
        if (!imageKind(f.data)) throw new AppError('VALIDATION', UPLOAD_MESSAGES.type);
      }
      const urls: string[] = [];
      for (const f of files) {
        let jpeg: Buffer;
        try {
          jpeg = await sharp(f.data, { limitInputPixels: 40_000_000 })
            .rotate()
            .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 85 })
            .toBuffer();
        } catch {
          throw new AppError('VALIDATION', UPLOAD_MESSAGES.type);
        }
        const name = `${randomUUID()}.jpg`;
        await storage.put(key(name), jpeg);
        urls.push(`${PUBLIC_IMAGE_PATH}${name}`);
      }
      return urls;
    },

    async read(name: string): Promise<Buffer | null> {
      return NAME.test(name) ? storage.get(key(name)) : null;
    },
  };
}
export type PublicImages = ReturnType<typeof createPublicImages>;
