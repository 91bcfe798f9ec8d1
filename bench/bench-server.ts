// The shop's server as server.ts starts it (buildApp with the access log, every plugin and hook), plus one static
// JSON route for the product-list bench (ADR 0051): POST /api/bench/static answers the JSON in BENCH_STATIC_JSON (a
// file the bench writes before its first call, read once) through the same process, hooks and headers as any /api
// route, so the ratio measures the operation's own work. Bench only: the shipped server has no such route.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../apps/api/src/config.js';
import { buildApp } from '../apps/api/src/app.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createLogger } from '../apps/api/src/lib/logger.js';
import { createProviders } from '../apps/api/src/providers/index.js';

const config = loadConfig();
const log = createLogger();
const db = await openDatabase(config.databaseUrl, { seedDemo: true, platId: config.platId, log });
const app = await buildApp({ config, db, providers: createProviders(config), clock: systemClock, log }, { logger: true });
let body: string | null = null;
app.post('/api/bench/static', { config: { rateLimit: false } }, async (_req, reply) => {
  body ??= readFileSync(process.env.BENCH_STATIC_JSON!, 'utf8');
  return reply.type('application/json; charset=utf-8').send(body);
});
const stop = async () => {
  await app.close();
  await db.close();
  log.flush();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ port: config.port, host: config.host });
