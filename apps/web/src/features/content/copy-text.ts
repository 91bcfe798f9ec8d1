import { CONTENT_MESSAGES } from '@shop/contract/content-area';
import { toast } from '../../lib/toast.js';

/** Copies a material's text: the Clipboard API, else a selected textarea; '复制成功' or the fallback message. */
export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
  }
  toast(ok ? CONTENT_MESSAGES.copied : CONTENT_MESSAGES.copyFailed);
  return ok;
}
