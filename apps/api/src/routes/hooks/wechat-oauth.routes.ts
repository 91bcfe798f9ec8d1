import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { SANDBOX_AUTHORIZE_PATH, SandboxWechatProvider } from '../../providers/wechat/sandbox-wechat.js';
import type { WechatService } from '../../modules/wechat/wechat.service.js';

/** Not a contract operation: the browser is sent here (GET) and on to WeChat's authorize page (reference §2.4). */
export const AUTHORIZE_PATH = '/api/wx/authorize';

type Query = Record<string, string | undefined>;
const originOfRequest = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;

/** The OAuth snsapi_base redirect, and the sandbox's stand-in for WeChat's authorize page (never in production). */
export function registerWechatOAuth(app: FastifyInstance, deps: Deps, wechat: WechatService) {
  app.get(AUTHORIZE_PATH, async (req, reply) => {
    const q = req.query as Query;
    const target = wechat.authorizeUrl(q.redirect_uri ?? '', q.state ?? '', originOfRequest(req));
    if (!target) return reply.status(400).send({ message: '授权参数有误' });
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  const provider = deps.providers.wechat;
  if (!(provider instanceof SandboxWechatProvider) || deps.config.env === 'production') return;
  app.get(SANDBOX_AUTHORIZE_PATH, async (req, reply) => {
    const q = req.query as Query;
    const sound = q.appid === provider.appId && q.response_type === 'code' && q.scope === 'snsapi_base';
    const back = sound ? wechat.redirectBack(q.redirect_uri ?? '', q.state ?? '', originOfRequest(req)) : null;
    if (!back) return reply.status(400).send({ message: '授权参数有误' });
    back.searchParams.set('code', provider.issueCode());
    back.searchParams.set('state', q.state!);
    return reply.header('cache-control', 'no-store').redirect(back.toString(), 302);
  });
}
