import { codeOf } from '@shop/contract/lookups';

/** No camera API in this browser (or the page is not on https): the code is typed instead. */
export const NO_CAMERA = '当前浏览器不支持扫码，请手动输入';
/** The camera was refused, is missing or busy: the code is typed instead. */
export const CAMERA_REFUSED = '无法打开摄像头，请手动输入';

/** What a scan gives: a code, or a link carrying 'code='; anything else is a wrong QR code (spec 3 §4). */
export function scannedCode(text: string): string | null {
  const code = codeOf(text);
  return /^[A-Za-z0-9_-]{4,64}$/.test(code) ? code : null;
}
