import { isWeChat } from '../../lib/platform.js';
import { consumer } from './store-session.js';
import { exchange } from './store-start.js';

/** Our GET redirect to WeChat's authorize page (or the server's sandbox stand-in), as the shop's lib/open-id.ts. */
const AUTHORIZE_PATH = '/api/wx/authorize';
const STATE_KEY = 'shop.storeOauthState';
/** The store address the round trip started from (WeChat answers with its own `code` and `state`). */
const RETURN_KEY = 'shop.storeOauthReturn';
/** One automatic attempt per tab: a refused or failed round trip must not loop. */
const TRIED_KEY = 'shop.storeOauthTried';

const newState = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

function cleanUrl(): URL {
  const url = new URL(window.location.href);
  url.hash = '';
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  return url;
}

/**
 * Inside WeChat without a consumer session: off to WeChat's silent authorization and back to the same store page
 * (false: the page is leaving). Back with ?code&state: the state is checked against ours (CSRF), the address put back
 * as it was, and the code exchanged for the consumer's session.
 */
export async function storeOAuthEntry({ again = false }: { again?: boolean } = {}): Promise<boolean> {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state');
  const expected = sessionStorage.getItem(STATE_KEY);
  if (state && expected) {
    sessionStorage.removeItem(STATE_KEY);
    const ours = expected === state;
    const saved = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    const clean = cleanUrl();
    const before = ours && saved ? new URL(saved, window.location.origin) : null;
    const address = before && before.pathname === clean.pathname ? `${before.pathname}${before.search}` : `${clean.pathname}${clean.search}`;
    window.history.replaceState(null, '', address);
    const code = params.get('code');
    if (ours && code) await exchange(code);
    return true;
  }
  if (!isWeChat() || consumer.get().token || (!again && sessionStorage.getItem(TRIED_KEY))) return true;
  const fresh = newState();
  sessionStorage.setItem(STATE_KEY, fresh);
  sessionStorage.setItem(RETURN_KEY, `${window.location.pathname}${window.location.search}`);
  sessionStorage.setItem(TRIED_KEY, '1');
  window.location.replace(`${AUTHORIZE_PATH}?redirect_uri=${encodeURIComponent(cleanUrl().toString())}&state=${fresh}`);
  return false;
}
