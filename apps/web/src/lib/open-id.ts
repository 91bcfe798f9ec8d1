import { wxGetOpenId } from '@shop/contract/wechat';
import { call } from './api.js';
import { isWeChat } from './platform.js';
import { session } from './session.js';

/** Our GET redirect to WeChat's authorize page (or the server's sandbox stand-in for it). */
const AUTHORIZE_PATH = '/api/wx/authorize';
const STATE_KEY = 'shop.oauthState';
/**
 * The address the round trip started from, as it was (path and query). WeChat answers with its own `code`, the same
 * name as the product code a printed QR code carries (/check?code=…, /traceaSel?code=…, spec 3 §2), so the app's own
 * parameters wait here and are put back on return.
 */
const RETURN_KEY = 'shop.oauthReturn';
/** One automatic attempt per tab: a refused or failed round trip must not loop. */
const TRIED_KEY = 'shop.oauthTried';

/**
 * The WeChat openId that WeChat Pay charges (reference §2.4 snsapi_base). Inside WeChat it comes from the OAuth round
 * trip (see wechatOAuthEntry); outside WeChat the sandbox gives every browser a stable one of its own, so the demo can
 * pay. Login sends it, and the server binds it to the agent.
 */
export async function ensureOpenId(): Promise<string | null> {
  const known = session.get().openId;
  if (known || isWeChat()) return known;
  const key = 'shop.sandboxCode';
  const code = localStorage.getItem(key) ?? `sandbox-${crypto.randomUUID()}`;
  localStorage.setItem(key, code);
  try {
    const reply = await call(wxGetOpenId, { code }, { background: true, quiet: true });
    session.set({ openId: reply.obj.openId });
    return reply.obj.openId;
  } catch {
    return null;
  }
}

/** WeChat allows a-zA-Z0-9 up to 128 characters; 32 hex characters of randomness are the CSRF check. */
const newState = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The page as it will be shown after the round trip: without a code and state of an earlier one, without a hash. */
function pageUrl(): URL {
  const url = new URL(window.location.href);
  url.hash = '';
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return url;
}

/** The address to show after the round trip: the one it started from when it is the same page, else the cleaned one. */
function returnAddress(): string {
  const clean = pageUrl();
  const saved = sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  if (saved) {
    const before = new URL(saved, window.location.origin);
    if (before.pathname === clean.pathname) return `${before.pathname}${before.search}`;
  }
  return `${clean.pathname}${clean.search}`;
}

/** Back from WeChat with ?code&state: checks the state against the stored one and exchanges the code (bound with a session). */
async function completeOAuth(code: string | null, state: string): Promise<void> {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const ours = !!expected && expected === state;
  // Only our own round trip gets its page's parameters back; a forged answer just loses WeChat's code and state.
  if (!ours) sessionStorage.removeItem(RETURN_KEY);
  window.history.replaceState(window.history.state, '', returnAddress());
  if (!ours || !code) return; // not our round trip (CSRF): the code is not used
  try {
    const reply = await call(wxGetOpenId, { code }, { background: true, quiet: true });
    session.set({ openId: reply.obj.openId });
  } catch {
    /* WeChat Pay stays unavailable; the page still works */
  }
}

/**
 * Run before the app renders. Inside WeChat without an openId the browser goes through the silent snsapi_base
 * authorization and comes back to the same page, so a plain link can pay with WeChat. Resolves false while the browser
 * is leaving for WeChat (nothing to render), true otherwise.
 */
export async function wechatOAuthEntry(): Promise<boolean> {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const state = params.get('state');
  if (state && sessionStorage.getItem(STATE_KEY)) {
    await completeOAuth(code, state);
    return true;
  }
  if (!isWeChat() || session.get().openId || sessionStorage.getItem(TRIED_KEY)) return true;
  const fresh = newState();
  sessionStorage.setItem(STATE_KEY, fresh);
  sessionStorage.setItem(RETURN_KEY, `${window.location.pathname}${window.location.search}`);
  sessionStorage.setItem(TRIED_KEY, '1');
  window.location.replace(`${AUTHORIZE_PATH}?redirect_uri=${encodeURIComponent(pageUrl().toString())}&state=${fresh}`);
  return false;
}

/** WeChat Pay is offered inside WeChat only once the openId is known (outside WeChat the sandbox decides). */
export const wechatPayReady = () => !isWeChat() || !!session.get().openId;
