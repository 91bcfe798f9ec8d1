import type { Handlers } from '../../http/context.js';
import type { SessionService } from '../../modules/session/session.service.js';
import type { WechatService } from '../../modules/wechat/wechat.service.js';

export function wechatHandlers(wechat: WechatService, sessions: Pick<SessionService, 'bindOpenId'>): Handlers {
  return {
    wxGetOpenId: async (input, ctx) => {
      const obj = await wechat.openId(input.code);
      // With a session (remember-me, then a plain link inside WeChat) the openId is bound now, not only at login.
      if (ctx.agentId) await sessions.bindOpenId(ctx.agentId, obj.openId);
      return { obj };
    },
    getSignature: async (input, ctx) => ({ obj: await wechat.signature(input.reqUrl, ctx.origin) }),
  };
}
