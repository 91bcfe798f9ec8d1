import { assertProductionReady, loadConfig } from './config.js';
import { buildApp, scheduledJobs } from './app.js';
import { openDatabase } from './db/open.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { createProviders } from './providers/index.js';
import { startJobs } from './jobs/index.js';

const config = loadConfig();
assertProductionReady(config);
const log = createLogger();
const db = await openDatabase(config.databaseUrl, { seedDemo: config.env !== 'production', platId: config.platId, log });
const deps = { config, db, providers: createProviders(config), clock: systemClock, log };
const lifecycle = { draining: false };
const app = await buildApp(deps, { logger: true, lifecycle });
let jobs: ReturnType<typeof startJobs> | null = null;

/** How long in-flight requests and job runs get after SIGTERM before the process gives up on them. */
const DRAIN_MS = Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 20) * 1000;
/**
 * After SIGTERM the process first keeps answering for this long, every answer with `Connection: close`, before it stops
 * listening (ADR 0039): a proxy's pooled keep-alive connections are retired on their next use instead of being cut at
 * the moment a request is sent on one (a POST cut that way is a 502 the proxy may not resend).
 */
const HANDOFF_MS = Math.min(Number(process.env.SHUTDOWN_HANDOFF_MS ?? 2000), DRAIN_MS / 2);

/**
 * Graceful stop (ADR 0039): /readyz answers 503, answers carry Connection: close for HANDOFF_MS, then the listener
 * closes (no new requests), sockets are told to
 * reconnect (1012), requests under way finish, the scheduler stops after its running jobs, then the database closes.
 */
let stopping = false;
const close = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  log.info({ signal }, 'shutting down: draining requests and jobs');
  const force = setTimeout(() => {
    log.error({ graceMs: DRAIN_MS }, 'shutdown: grace period over, exiting with work unfinished');
    log.flush();
    process.exit(1);
  }, DRAIN_MS);
  force.unref();
  const jobsStopped = jobs?.stop();
  await new Promise((resolve) => setTimeout(resolve, HANDOFF_MS));
  await Promise.all([app.close(), jobsStopped]);
  await db.close();
  log.info('stopped');
  log.flush();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Scheduled work (closing unpaid orders after their window); JOBS=off turns it off.
jobs = startJobs(deps, undefined, scheduledJobs(deps));
log.info(`shop on http://localhost:${config.port} (${db.dialect})`);
