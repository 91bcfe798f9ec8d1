import { AppError } from '../../lib/errors.js';

/** The uploads a voucher may name: only the paying agent's own (modules/upload). */
export interface UploadOwnership {
  ownedBy(agentId: number, urls: string[]): Promise<boolean>;
}

const MAX_VOUCHERS = 6;

/**
 * The offline-voucher check, one for every subject (orders now, deposits later): one to six images, each an upload the
 * paying agent made; another agent's upload, a path never uploaded, or anything else is refused as missing.
 */
export function createVoucherCheck(uploads: UploadOwnership) {
  return {
    /** The ';'- or ','-joined voucher paths as a list, or the spec's refusal. */
    async vouchersOf(agentId: number, joined: string): Promise<string[]> {
      const vouchers = joined.split(/[;,]/).map((v) => v.trim()).filter(Boolean);
      if (vouchers.length === 0) throw new AppError('VALIDATION', '请上传打款凭证');
      if (vouchers.length > MAX_VOUCHERS) throw new AppError('VALIDATION', '最多上传6张图片');
      if (!(await uploads.ownedBy(agentId, vouchers))) throw new AppError('VALIDATION', '请上传打款凭证');
      return vouchers;
    },
  };
}
export type VoucherCheck = ReturnType<typeof createVoucherCheck>;
