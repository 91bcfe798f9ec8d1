import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { HttpError } from '../../lib/errors.js';
import { SandboxWechatPayProvider } from '../../providers/wechatpay/sandbox-wechatpay.js';
import type { SessionResolver } from '../../modules/session/session.service.js';
import { createWechatPayService, type Alert } from '../../modules/payment/wechat-notify.service.js';

/** Not a contract operation: WeChat posts here, and the signature covers the raw body. */
export const NOTIFY_PATH = '/api/v3/wechatpay/notify.do';
/** The sandbox pay sheet (only with the sandbox provider, never in production). */
export const SIMULATE_PATH = '/dev/wechatpay/simulate.do';

/** WeChat's notifications are a few KB; a larger body is not one. */
export const NOTIFY_BODY_LIMIT = 64 * 1024;

const OUTCOMES = new Set(['pay', 'cancel', 'fail']);

export async function registerWechatPay(
  app: FastifyInstance,
  deps: Deps,
  o: { flow: WechatLifecycle; sessions: SessionResolver; alert: Alert; consumers?: { resolve(token: string): Promise<{ consumerId: number }> } },
) {
  const service = createWechatPayService(deps, o.flow, o.alert);

  await app.register(async (scope) => {
    // Only here: the JSON body stays the exact text WeChat signed (reference §1.4). Any other type is read as text too
    // and refused by the signature check; what cannot be read at all (too large, broken) gets WeChat's FAIL answer
    // with a 4xx, never our envelope.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: { statusCode?: number }, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      return reply.status(status).send({ code: 'FAIL', message: status === 413 ? '报文过大' : status < 500 ? '报文无法读取' : '处理失败，请重试' });
    });
    scope.post(NOTIFY_PATH, { config: { rateLimit: false } }, async (req, reply) => {
      const answer = await service.notify(req.headers, typeof req.body === 'string' ? req.body : '');
      if (answer.status === 204) return reply.status(204).send();
      return reply.status(answer.status).send({ code: 'FAIL', message: answer.message });
    });
  });

  const sandbox = deps.providers.wechatPay;
  if (!(sandbox instanceof SandboxWechatPayProvider) || deps.config.env === 'production') return;

  // The sandbox "WeChat" delivers its notifications through the app's own routing (content parser, route and all),
  // so they take the production path whether the app listens on a port or runs under inject in the tests.
  sandbox.connect(async (n) => (await app.inject({ method: 'POST', url: NOTIFY_PATH, headers: n.headers, payload: n.body })).statusCode, () => deps.clock.now());

  app.get('/dev/wechatpay/sandbox', async () => ({ sandbox: true }));
  app.post(SIMULATE_PATH, async (req, reply) => {
    const raw = req.headers.accesstoken;
    const token = typeof raw === 'string' ? raw.trim() : '';
    const rawConsumer = req.headers.consumertoken;
    const consumerToken = typeof rawConsumer === 'string' ? rawConsumer.trim() : '';
    if (!token && !(consumerToken && o.consumers)) throw new HttpError(401, 'UNAUTHENTICATED');
    // A store consumer pays their own VD order with their consumerToken (ADR 0038); an agent with the accessToken.
    const payer = token ? (await o.sessions.resolve(token)).agentId : { consumerId: (await o.consumers!.resolve(consumerToken)).consumerId };
    const body = (req.body ?? {}) as { outTradeNo?: unknown; outcome?: unknown };
    if (typeof body.outTradeNo !== 'string' || typeof body.outcome !== 'string' || !OUTCOMES.has(body.outcome)) {
      return reply.status(400).send({ message: '请求参数有误' });
    }
    const answer = await service.simulate(payer, body.outTradeNo, body.outcome as 'pay' | 'cancel' | 'fail');
    if (answer.status === 200) return { result: answer.result };
    return reply.status(answer.status).send({ message: answer.message });
  });
}
