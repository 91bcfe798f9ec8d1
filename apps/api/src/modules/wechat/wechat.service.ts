import type { Deps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { nonce } from '../../lib/secrets.js';
import { jsSdkSignature } from '../../providers/wechat/js-sdk-signature.js';

export function createWechatService({ providers, config, clock }: Deps) {
  const { wechat } = providers;
  return {
    async openId(code: string) {
      try {
        return { openId: await wechat.openIdFromCode(code) };
      } catch {
        throw new AppError('WECHAT_FAILED');
      }
    },

    /** JS-SDK config for a page of our own origin only (reference §2.3). */
    async signature(reqUrl: string, requestOrigin: string) {
      // Compared as URL origins: a Host of "shop.example:443" or a configured "https://shop.example/" is the same origin.
      const allowed = (config.publicOrigins.length ? config.publicOrigins : [requestOrigin]).map(originOf);
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

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
export type WechatService = ReturnType<typeof createWechatService>;
