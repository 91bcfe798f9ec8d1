import { codeOf } from '@shop/contract/lookups';

export const NO_CAMERA = '当前浏览器不支持扫码，请手动输入';

/** What a scan gives: a code, or a link carrying 'code='; anything else is a wrong QR code (spec 3 §4). */
export function scannedCode(text: string): string | null {
  const code = codeOf(text);
  return /^[A-Za-z0-9_-]{4,64}$/.test(code) ? code : null;
}
