import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { nonce } from '../../lib/secrets.js';
import { jsSdkSignature } from '../../providers/wechat/js-sdk-signature.js';

export function createWechatService({ providers, config, clock }: Deps) {
  const { wechat } = providers;
  // Compared as URL origins: a Host of "shop.example:443" or a configured "https://shop.example/" is the same origin.
  const allowedOrigins = (requestOrigin: string) => (config.publicOrigins.length ? config.publicOrigins : [requestOrigin]).map(originOf);

  /** A redirect back to a page of our own origin only (no open redirect), without a fragment. */
  function redirectBack(redirectUri: string, state: string, requestOrigin: string): URL | null {
    if (!STATE.test(state)) return null;
    const origin = originOf(redirectUri);
    if (origin === null || !allowedOrigins(requestOrigin).includes(origin)) return null;
    const url = new URL(redirectUri);
    url.hash = '';
    return url;
  }

  return {
    redirectBack,

    /** reference §2.4 step 1 for a page of ours; null when the page or the state is not acceptable. */
    authorizeUrl(redirectUri: string, state: string, requestOrigin: string): string | null {
      const back = redirectBack(redirectUri, state, requestOrigin);
      return back ? wechat.authorizeUrl(back.toString(), state) : null;
    },

    async openId(code: string) {
      try {
        return { openId: await wechat.openIdFromCode(code) };
      } catch {
        throw new AppError('WECHAT_FAILED');
      }
    },

    /** JS-SDK config for a page of our own origin only (reference §2.3). */
    async signature(reqUrl: string, requestOrigin: string) {
      const allowed = allowedOrigins(requestOrigin);
      const origin = originOf(reqUrl);
      if (origin === null || !allowed.includes(origin)) throw new AppError('URL_NOT_ALLOWED');
      let ticket: string;
      try {
        ticket = await wechat.jsapiTicket();
      } catch {
        throw new AppError('WECHAT_FAILED');
      }
      const timestamp = String(Math.floor(clock.now().getTime() / 1000));
      const noncestr = nonce(8);
      return { appid: wechat.appId, timestamp, noncestr, signature: jsSdkSignature({ ticket, noncestr, timestamp, url: reqUrl }) };
    },
  };
}

/** The app's CSRF state (reference §2.4): WeChat allows up to 128 characters of a-zA-Z0-9. */
const STATE = /^[A-Za-z0-9]{16,128}$/;

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
export type WechatService = ReturnType<typeof createWechatService>;
