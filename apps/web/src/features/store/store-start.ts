import { FLAG } from '@shop/contract/flags';
import { isWeChat } from '../../lib/platform.js';
import { storeCall } from './store-api.js';
import { consumerLogin } from './store-ops.js';
import { consumer } from './store-session.js';
import { parseAddress } from './store-nav.js';

/**
 * Before the store's first render: inside WeChat without a consumer session, the silent OAuth round trip (snsapi_base,
 * as the shop's) that identifies the consumer by openId (ADR 0038). Loaded only then, so the first screen elsewhere
 * stays light. Resolves false while the browser is leaving for WeChat.
 */
export async function storeStart(): Promise<boolean> {
  const back = new URLSearchParams(window.location.search).has('state');
  if (!back && (!isWeChat() || consumer.get().token)) return true;
  const { storeOAuthEntry } = await import('./store-oauth.js');
  return storeOAuthEntry().catch(() => true);
}

/**
 * The consumer's session when a screen needs one (checkout, my orders). Inside WeChat it came with the OAuth round
 * trip (made again when it has ended: the page leaves for WeChat and comes back); elsewhere the WeChat sandbox gives
 * this browser a stable code of its own (as the shop's open-id.ts does), so the demo can buy. Null when there is none:
 * the screen says to open the link in WeChat.
 */
export async function ensureConsumer({ tapped = true }: { tapped?: boolean } = {}): Promise<string | null> {
  const known = consumer.get().token;
  if (known) return known;
  if (isWeChat()) {
    // Only on the consumer's own tap: a screen opening by itself must not loop through WeChat when the exchange fails.
    if (!tapped) return null;
    // The session ended (30 days) or the first round trip failed: WeChat's silent authorization once more, back here.
    const { storeOAuthEntry } = await import('./store-oauth.js');
    await storeOAuthEntry({ again: true });
    return consumer.get().token;
  }
  const key = 'shop.consumerSandboxCode';
  const code = localStorage.getItem(key) ?? `sandbox-${crypto.randomUUID()}`;
  localStorage.setItem(key, code);
  return exchange(code);
}

/** The OAuth code for a consumerToken (the server turns it into the openId; the openId never comes from the page). */
export async function exchange(code: string): Promise<string | null> {
  try {
    const shopId = parseAddress(window.location.href).shopId ?? undefined;
    const reply = await storeCall(consumerLogin, { code, shopId });
    consumer.set({ token: reply.obj.consumerToken, phoneConfirmed: reply.obj.phoneConfirmed === FLAG.yes, maskedPhone: reply.obj.maskedPhone });
    return reply.obj.consumerToken;
  } catch {
    return null;
  }
}
