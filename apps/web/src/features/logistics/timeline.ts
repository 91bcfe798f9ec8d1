import { LOGISTICS_STATE_TEXT } from '@shop/contract/logistics';

/** 'YYYY-MM-DD HH:mm:ss' → date and time shown on two lines of the timeline ('11-21', '10:00'); odd text stays whole. */
export function traceTime(acceptTime: string): { date: string; time: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(acceptTime.trim());
  if (!m) return { date: acceptTime, time: '' };
  return { date: `${m[2]}-${m[3]}`, time: `${m[4]}:${m[5]}` };
}

/** spec 2 §2: the newest step is labelled 运输中 (State 2) or 已签收 (State 3); other states by their Kdniao name. */
export const stepLabel = (state: number) => LOGISTICS_STATE_TEXT[state] ?? LOGISTICS_STATE_TEXT[2]!;

/** Copies text; answers whether it worked (the Clipboard API needs a secure page, the fallback does not). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection fallback (WeChat's WebView may refuse the API)
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
