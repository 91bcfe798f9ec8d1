import type { Handlers } from '../../http/context.js';
import type { WechatService } from './wechat.service.js';

export function wechatHandlers(wechat: WechatService): Handlers {
  return {
    wxGetOpenId: async (input) => ({ obj: await wechat.openId(input.code) }),
    getSignature: async (input, ctx) => ({ obj: await wechat.signature(input.reqUrl, ctx.origin) }),
  };
}
