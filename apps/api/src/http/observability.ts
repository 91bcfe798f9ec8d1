import { pingDatabase } from '../db/ping.js';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operations } from '@shop/contract';
import type { Deps } from '../deps.js';
import { operationResults, registry, requestDuration, socketPath, watchSockets } from '../lib/metrics.js';

/** WebSocket close code 1012 (service restart): the shop's and the console's sockets connect again (ADR 0039). */
export const CLOSE_RESTART = 1012;

/** A process that is shutting down answers /readyz 503 so a balancer stops sending it new requests. */
export interface Lifecycle { draining: boolean }

const opByPath = new Map(operations.map((op) => [op.path, op.name]));
const errorTypeOf = new WeakMap<FastifyRequest, string>();
const ENVELOPE = /^\{"errorType":"([A-Z0-9_]+)"/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The metric series of a route, bound once (ADR 0051): the label values of a request are its route's operation (or the
 * route itself, or 'unmatched'), its status and its envelope code, so each child is looked up in a small map instead
 * of prom-client hashing a label object on every answer. Routes are the app's own, statuses and codes a short list.
 */
interface RouteSeries {
  isOperation: boolean;
  duration(status: number): { observe(seconds: number): void };
  result(code: string): { inc(): void };
}
const seriesByRoute = new Map<string, RouteSeries>();
function seriesOf(route: string | undefined): RouteSeries {
  const key = route ?? '';
  let series = seriesByRoute.get(key);
  if (!series) {
    const op = (route && opByPath.get(route)) ?? route ?? 'unmatched';
    const durations = new Map<number, { observe(seconds: number): void }>();
    const results = new Map<string, { inc(): void }>();
    series = {
      isOperation: opByPath.has(key),
      duration(status) {
        let child = durations.get(status);
        if (!child) durations.set(status, (child = requestDuration.labels({ op, status: String(status) })));
        return child;
      },
      result(code) {
        let child = results.get(code);
        if (!child) results.set(code, (child = operationResults.labels({ op, code })));
        return child;
      },
    };
    seriesByRoute.set(key, series);
  }
  return series;
}

/**
 * /metrics is not public (ADR 0039): a scrape is answered with `Authorization: Bearer <METRICS_TOKEN>`, or from
 * loopback when the request came straight to the process. A reverse proxy on the same host connects from loopback too,
 * so a request carrying X-Forwarded-For (every request nginx passes on) needs the token; nginx also refuses /metrics.
 */
function mayScrape(req: FastifyRequest, token: string): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const direct = req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
  return direct && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/** Request metrics, /metrics, /readyz, and the sockets' count and restart close. Registered before the routes. */
export function registerObservability(app: FastifyInstance, deps: Deps, lifecycle: Lifecycle) {
  app.addHook('onSend', (req, reply, payload, done) => {
    // Draining: the client (nginx) opens its next request elsewhere instead of reusing this connection.
    if (lifecycle.draining) reply.header('connection', 'close');
    if (typeof payload === 'string') {
      const m = ENVELOPE.exec(payload.slice(0, 64));
      if (m) errorTypeOf.set(req, m[1]!);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    const series = seriesOf(route);
    series.duration(reply.statusCode).observe(reply.elapsedTime / 1000);
    const code = errorTypeOf.get(req);
    if (code && series.isOperation) series.result(code).inc();
    done();
  });

  app.get('/metrics', async (req, reply) => {
    if (!mayScrape(req, deps.config.metricsToken)) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  // Readiness (ADR 0039): the database answers and the process is not draining. /healthz stays the liveness check.
  app.get('/readyz', async (_req, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await pingDatabase(deps.db);
      return { status: 'ready', database: deps.db.dialect };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: deps.db.dialect });
    }
  });

  // Sockets: counted by path while open; told to reconnect (1012) when the process closes, before the plugin's own
  // close (hooks run in the order they were added; this one is added before the websocket plugin registers its own).
  let unwatch: (() => void) | null = null;
  app.addHook('onReady', (done) => {
    const wss = (app as unknown as { websocketServer?: WsServer }).websocketServer;
    if (wss) {
      wss.on('connection', (socket, request) => {
        socket.shopPath = socketPath(request.url ?? '');
      });
      unwatch = watchSockets(wss);
    }
    done();
  });
  app.addHook('preClose', (done) => {
    lifecycle.draining = true;
    const wss = (app as unknown as { websocketServer?: WsServer }).websocketServer;
    for (const client of wss?.clients ?? []) client.close(CLOSE_RESTART, 'server restart');
    unwatch?.();
    done();
  });
}

interface WsClient { readyState: number; shopPath?: string; close(code: number, reason: string): void }
interface WsServer {
  clients: Set<WsClient>;
  on(event: 'connection', listener: (socket: WsClient, request: { url?: string }) => void): void;
}
