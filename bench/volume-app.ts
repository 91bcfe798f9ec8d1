// The app of bench:volume in its own process, as production runs it (ADR 0048): the load generator (autocannon) in
// bench/volume.ts no longer shares this event loop. Prints `listening <port>` on stdout; stops on SIGTERM.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createLogger } from '../apps/api/src/lib/logger.js';
import { createProviders } from '../apps/api/src/providers/index.js';

const url = process.argv[2];
if (!url) throw new Error('usage: tsx bench/volume-app.ts <database url>');
const db = await openDatabase(url, { seedDemo: true, platId: 'plat-demo' });
const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '1000', UPLOAD_DIR: join(tmpdir(), 'bench-uploads'), WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, db, providers: createProviders(config), clock: systemClock, log: createLogger({ enabled: false }) });
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
