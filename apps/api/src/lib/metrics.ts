import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (ADR 0039), served at /metrics to loopback or a bearer token. One registry per
 * process: counters add up whatever the process did; gauges read their sources (pools, socket servers) when scraped.
 * Every name starts with `shop_`; money is in fen, durations in seconds.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'shop_' });

/** One observation per answered request: `op` is the contract operation's name, or the route for anything else. */
export const requestDuration = new Histogram({
  name: 'shop_request_duration_seconds',
  help: 'Time to answer a request, by contract operation (or route) and HTTP status',
  labelNames: ['op', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Envelope outcomes: `code` is SUCCESS or the refusal's error code (VALIDATION, FORBIDDEN, SERVER_ERROR, ...). */
export const operationResults = new Counter({
  name: 'shop_operation_results_total',
  help: 'Answered contract operations by errorType (SUCCESS or the refusal code)',
  labelNames: ['op', 'code'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'shop_job_runs_total',
  help: 'Scheduled job runs by result (ok, failed)',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'shop_job_duration_seconds',
  help: 'Scheduled job run time',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 30],
  registers: [registry],
});

/** Counted after the transaction committed (db/after-commit): `code` is the spec 3 §9 change code. */
export const moneyMoved = new Counter({
  name: 'shop_money_moved_fen_total',
  help: 'Committed balance changes in fen, by account, change code and direction (in, out)',
  labelNames: ['account', 'code', 'direction'] as const,
  registers: [registry],
});

/** Where the gauges read from: each app registers its pool and socket server, and removes them on close. */
interface PoolLike { totalCount: number; idleCount: number; waitingCount: number }
interface SocketServerLike { clients: Set<{ readyState: number; shopPath?: string }> }
const pools = new Set<PoolLike>();
const socketServers = new Set<SocketServerLike>();

export function watchPool(pool: PoolLike): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}
export function watchSockets(server: SocketServerLike): () => void {
  socketServers.add(server);
  return () => socketServers.delete(server);
}

const sum = (pick: (p: PoolLike) => number) => [...pools].reduce((n, p) => n + pick(p), 0);
new Gauge({
  name: 'shop_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients); SQLite has no pool',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.set({ state: 'total' }, sum((p) => p.totalCount));
    this.set({ state: 'idle' }, sum((p) => p.idleCount));
    this.set({ state: 'waiting' }, sum((p) => p.waitingCount));
  },
});

new Gauge({
  name: 'shop_websockets_open',
  help: 'Open WebSockets in this process by path (agent chat, staff chat, staff events)',
  labelNames: ['path'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const server of socketServers) {
      for (const client of server.clients) this.inc({ path: client.shopPath ?? 'other' });
    }
  },
});

/** The socket's kind from its upgrade URL, without ids (bounded label values). */
export const socketPath = (url: string) => url.split('?')[0]!.replace(/\/\d+$/, '/:agentId');
