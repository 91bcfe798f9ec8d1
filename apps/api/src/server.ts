import { assertProductionReady, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/open.js';
import { systemClock } from './lib/clock.js';
import { createProviders } from './providers/index.js';

const config = loadConfig();
assertProductionReady(config);
const db = await openDatabase(config.databaseUrl, { seedDemo: config.env !== 'production', platId: config.platId });
const app = await buildApp({ config, db, providers: createProviders(config), clock: systemClock }, { logger: true });

const close = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
console.log(`shop on http://localhost:${config.port} (${db.dialect})`);
