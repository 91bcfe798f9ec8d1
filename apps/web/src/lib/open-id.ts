import { wxGetOpenId } from '@shop/contract/wechat';
import { call } from './api.js';
import { isWeChat } from './platform.js';
import { session } from './session.js';

/**
 * The WeChat openId that WeChat Pay charges (reference §2.4 snsapi_base). Inside WeChat it comes from the OAuth `code`
 * on the URL; outside WeChat the sandbox gives every browser a stable one of its own, so the demo can pay.
 * Login sends it, and the server binds it to the agent.
 */
export async function ensureOpenId(): Promise<string | null> {
  const known = session.get().openId;
  if (known) return known;
  let code = new URLSearchParams(window.location.search).get('code');
  if (!code && !isWeChat()) {
    const key = 'shop.sandboxCode';
    code = localStorage.getItem(key) ?? `sandbox-${crypto.randomUUID()}`;
    localStorage.setItem(key, code);
  }
  if (!code) return null;
  try {
    const reply = await call(wxGetOpenId, { code }, { background: true, quiet: true });
    session.set({ openId: reply.obj.openId });
    return reply.obj.openId;
  } catch {
    return null;
  }
}
