import { pingDatabase } from './db/ping.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Deps } from './deps.js';
import { AppError } from './lib/errors.js';
import { inRequest } from './lib/logger.js';
import { useErrorHandler } from './http/error-handler.js';
import { registerOperations } from './http/operation-routes.js';
import { sharedRateLimitStore } from './http/rate-limit-store.js';
import { createRateCounters } from './modules/limits/rate-counters.service.js';
import { securityHeaders } from './http/security-headers.js';
import { registerObservability, type Lifecycle } from './http/observability.js';
import { serveWebApp } from './http/static-files.js';
import { compose, scheduledJobs } from './compose.js';
import { memoryInvalidation, postgresInvalidation } from './lib/session-invalidation.js';
import { memoryBus, postgresBus } from './modules/chat/chat-bus.js';
import { createChatHub } from './modules/chat/chat-hub.js';
import { registerSmsOutbox } from './routes/hooks/dev-sms.routes.js';
import { registerMediaReads } from './routes/hooks/media.routes.js';
import { registerWechatOAuth } from './routes/hooks/wechat-oauth.routes.js';
import { registerWechatPay } from './routes/hooks/wechat-pay.routes.js';
import { registerChatSockets } from './routes/sockets/chat.sockets.js';
import { registerStaffEvents } from './routes/sockets/staff-events.sockets.js';

export async function buildApp(deps: Deps, opts: { logger?: boolean; lifecycle?: Lifecycle } = {}): Promise<FastifyInstance> {
  // One line per request from the process's logger (ADR 0008: no Fastify per-request child logger); off in tests.
  const log = opts.logger ? deps.log : null;
  const app = Fastify({
    logger: false,
    // Unique across processes and restarts (Fastify's default counts from req-1 in each process).
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing, a request that already arrived on an open connection is answered, not refused with 503 (a
    // balancer does not resend a refused POST); draining answers say `Connection: close` (ADR 0039).
    return503OnClosing: false,
  });
  if (log) app.addHook('onClose', (_app, done) => { log.flush(); done(); });
  // Every line written while a request is answered carries its id; the answer names it (x-request-id) so a report
  // of a failed call can be matched to its log lines.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    inRequest(req.id, done);
  });


  securityHeaders(app);
  // Metrics, /metrics, /readyz and the sockets' restart close (ADR 0039).
  registerObservability(app, deps, opts.lifecycle ?? { draining: false });
  // ADR 0040: the per-address counts live in the database, shared by every process (not in this one's memory).
  const rateCounters = createRateCounters(deps);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(rateCounters.hit),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(formbody);
  // Uploads (vouchers, avatars): at most 6 files of 10 MB; each arrives in the body as { filename, data }.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 6, fields: 20, fieldSize: 256 * 1024 },
    async onFile(part) {
      (part as unknown as { value: unknown }).value = { filename: part.filename, data: await part.toBuffer() };
    },
  });

  // One line per request, without bodies, tokens or phone numbers.
  if (log) {
    app.addHook('onResponse', (req, reply, done) => {
      log.info({ method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) });
      done();
    });
  }

  useErrorHandler(app, deps.log);

  // ADR 0040: on PostgreSQL every process hears which sessions ended (LISTEN/NOTIFY); SQLite is one process.
  const sessionLog = (message: string) => log?.error({}, message);
  const sessionsEnded = deps.db.dialect === 'postgres' && deps.db.url ? await postgresInvalidation(deps.db.url, sessionLog) : memoryInvalidation();
  app.addHook('onClose', async () => sessionsEnded.close());
  const c = compose(deps, { sessionsEnded });
  // Transport: every contract operation from its audience's routes, the session resolvers and the staff gate handed in.
  registerOperations(app, deps, c.handlers, c.callers);
  // Hooks: not contract operations (WeChat Pay's notification and the sandbox pay sheet, OAuth, media reads, dev outbox).
  await registerWechatPay(app, deps, { flow: c.wechatPay, sessions: c.sessions, consumers: c.consumers, alert: (details, message) => log?.warn(details, message) });
  registerWechatOAuth(app, deps, c.wechat);
  registerMediaReads(app, c.media);
  registerSmsOutbox(app, deps);
  // Sockets: customer-service chat (ADR 0019), stored then fanned out (LISTEN/NOTIFY on PostgreSQL), and the console's live counts.
  const chatLog = (message: string, err?: unknown) => log?.error({ err: String(err ?? '') }, message);
  const chatBus = deps.db.dialect === 'postgres' && deps.db.url ? await postgresBus(deps.db.url, c.chat.notify, chatLog) : memoryBus();
  const chatHub = createChatHub(c.chat, chatBus, chatLog);
  app.addHook('onClose', async () => chatHub.close());
  await registerChatSockets(app, { chat: c.chat, hub: chatHub, bus: chatBus, sessions: c.sessions, staffSessions: c.staffSessions, log: chatLog });
  registerStaffEvents(app, { staffSessions: c.staffSessions, counts: c.dashboard.queues, log: chatLog });

  app.get('/healthz', async () => {
    await pingDatabase(deps.db);
    return { status: 'ok', database: deps.db.dialect };
  });

  await serveWebApp(app, deps.config.webDist, deps.config.adminDist);
  return app;
}

/** The scheduled jobs (server.ts starts them), built by the composition root. */
export { scheduledJobs };
