import { randomUUID } from 'node:crypto';
import type { UploadedFile } from '../../lib/uploaded-file.js';
import type { StorageProvider } from '../../providers/storage/storage-provider.js';
import { checkedJpegs } from './image-rules.js';

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
      const urls: string[] = [];
      for (const jpeg of await checkedJpegs(files)) {
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
