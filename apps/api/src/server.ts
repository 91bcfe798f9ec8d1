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
 * Graceful stop (ADR 0039): /readyz answers 503 and the listener closes (no new requests), sockets are told to
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
  await Promise.all([app.close(), jobs?.stop()]);
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
