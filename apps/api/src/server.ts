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
const app = await buildApp(deps, { logger: true });
let jobs: ReturnType<typeof startJobs> | null = null;

const close = async () => {
  await jobs?.stop();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
// Scheduled work (closing unpaid orders after their window); JOBS=off turns it off.
jobs = startJobs(deps, undefined, scheduledJobs(deps));
log.info(`shop on http://localhost:${config.port} (${db.dialect})`);
