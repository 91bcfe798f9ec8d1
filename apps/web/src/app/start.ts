import { isWeChat } from '../lib/platform.js';

/**
 * What must happen before the first render: inside WeChat, the OAuth round trip that gives WeChat Pay its openId
 * (reference §2.4). Loaded only inside WeChat or on the way back from it, so other browsers' first screen stays light.
 * Resolves false while the browser is leaving the page.
 */
export async function beforeFirstRender(): Promise<boolean> {
  if (!isWeChat() && !new URLSearchParams(window.location.search).has('state')) return true;
  const { wechatOAuthEntry } = await import('../lib/open-id.js');
  return wechatOAuthEntry().catch(() => true);
}
