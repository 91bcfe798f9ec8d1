import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSetInfoGet } from '@shop/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/lib/logger.js';
import { createProviders } from '../src/providers/index.js';
import { testClock } from './helpers/app.js';
import { openTestDatabase } from './helpers/database.js';

/**
 * ARCHITECTURE, Observable: every answer names its request (header x-request-id) and every log line written while it
 * is answered carries the same id (lib/logger.ts), so a failed call a user reports can be found in the log.
 */
const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let close = async () => {};

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: join(import.meta.dirname, 'no-web-dist'), UPLOAD_DIR: join(tmpdir(), 'shop-test-uploads') });
  const clock = testClock();
  const database = await openTestDatabase(config.platId, clock.now());
  const log = createLogger({ destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  app = await buildApp({ config, db: database.db, providers: createProviders(config, {}), clock, log }, { logger: true });
  // A line written inside a handler, after awaits, as a service would write it.
  app.get('/test/log-inside', async () => {
    await new Promise((r) => setTimeout(r, 5));
    log.info({ marker: 'inside' }, 'inside a handler');
    return { ok: true };
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-request-id'] ?? '');

describe('the request id (ARCHITECTURE, Observable)', () => {
  it('is returned in x-request-id and carried by the lines logged while the request is answered, also in parallel', async () => {
    const replies = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/test/log-inside' })));
    const ids = replies.map(idOf);
    expect(ids.every((id) => id.length >= 16)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(lines.filter((l) => l.marker === 'inside' && l.reqId === id)).toHaveLength(1);
      // The access line: the same id, and nothing of the handler's own line leaked into it.
      const access = lines.filter((l) => l.url === '/test/log-inside' && l.reqId === id);
      expect(access).toHaveLength(1);
      expect(access[0]).not.toHaveProperty('marker');
    }
  });

  it('names the request of a contract operation and of a refusal too', async () => {
    const ok = await app.inject({ method: 'POST', url: agentSetInfoGet.path, headers: { 'content-type': 'application/json' }, payload: '{}' });
    const refused = await app.inject({ method: 'POST', url: '/api/no/such.do', headers: { 'content-type': 'application/json' }, payload: '{}' });
    for (const res of [ok, refused]) {
      const id = idOf(res);
      expect(id).not.toBe('');
      expect(lines.find((l) => l.reqId === id && typeof l.status === 'number')).toMatchObject({ status: res.statusCode });
    }
  });
});
