import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { LocalSmsProvider } from '../../providers/sms/local-sms.js';

/** The local SMS provider's outbox, for the demo and the tests; never in production. */
export function registerSmsOutbox(app: FastifyInstance, deps: Deps) {
  const outbox = deps.providers.sms;
  if (!(outbox instanceof LocalSmsProvider) || deps.config.env === 'production') return;
  app.get('/dev/sms-outbox', async (req, reply) => {
    const phone = String((req.query as Record<string, unknown>).phone ?? '');
    const m = outbox.latest(phone);
    if (!m) return reply.status(404).send({ message: 'no message for this phone' });
    // A staff reset's one-time password (ADR 0024) is a message of its own, without a code.
    if (m.purpose === 'one_time_password') return { phone: m.phone, purpose: m.purpose, password: m.params.password, sentAt: m.sentAt };
    const funcType = m.purpose === 'reset_password' ? 2 : 6;
    return { phone: m.phone, code: m.params.code, funcType, sentAt: m.sentAt };
  });
}
