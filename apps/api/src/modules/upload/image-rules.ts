import sharp from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@shop/contract';
import type { UploadedFile } from '../../lib/uploaded-file.js';
import { AppError } from '../../lib/errors.js';

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A), by content, whatever the name or declared type says. */
export function imageKind(data: Buffer): 'jpeg' | 'png' | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length > 8 && png.every((b, i) => data[i] === b)) return 'png';
  return null;
}

/**
 * The voucher rules (reference §4 file upload) for every uploaded image, private or public: at least one file, the
 * count and size limits, JPEG or PNG by content, then re-encoded to JPEG without metadata (a crafted file does not
 * survive). All files are checked before any is encoded, so a bad one refuses the whole call.
 */
export async function checkedJpegs(files: UploadedFile[]): Promise<Buffer[]> {
  if (files.length === 0) throw new AppError('VALIDATION', UPLOAD_MESSAGES.none);
  if (files.length > UPLOAD_LIMITS.maxFiles) throw new AppError('TOO_MANY_FILES');
  for (const f of files) {
    if (f.data.length > UPLOAD_LIMITS.maxBytes) throw new AppError('FILE_TOO_LARGE');
    if (!imageKind(f.data)) throw new AppError('VALIDATION', UPLOAD_MESSAGES.type);
  }
  const out: Buffer[] = [];
  for (const f of files) {
    try {
      out.push(
        await sharp(f.data, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
    } catch {
      throw new AppError('VALIDATION', UPLOAD_MESSAGES.type);
    }
  }
  return out;
}
