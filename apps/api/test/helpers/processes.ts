import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/connect.js';
import { openDatabase } from '../../src/db/open.js';
import { createLogger } from '../../src/lib/logger.js';
import { createProviders, type Providers } from '../../src/providers/index.js';
import { TEST_START, testClock, type TestClock } from './app.js';
import { testDbKind } from './postgres-availability.js';

/**
 * Several app instances on ONE database stand for several server processes (ADR 0040): each has its own pool, caches,
 * LISTEN client and clock; nothing is shared between them but the database (and the object store when one is named).
 * PostgreSQL: a fresh database; SQLite: a fresh file (an in-memory database belongs to one connection).
 */
export interface SharedDatabase {
  url: string;
  kind: 'sqlite' | 'postgres';
  /** A new "process" on the database: migrated and seeded once under the startup lock. */
  instance(env?: Record<string, string>): Promise<Instance>;
  /** Closes every instance and drops the database. */
  close(): Promise<void>;
}

export interface Instance {
  app: FastifyInstance;
  db: Db;
  config: Config;
  providers: Providers;
  clock: TestClock;
  post(path: string, payload: unknown, headers?: Record<string, string>, ip?: string): Promise<{ status: number; body: any }>;
}

export async function sharedDatabase(): Promise<SharedDatabase> {
  const kind = testDbKind();
  const instances: Instance[] = [];
  let url: string;
  let drop: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'shop-processes-'));
    url = `sqlite:${join(dir, 'shop.db')}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = inject('pgAdminUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    await adminRun(admin, `CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      for (let i = 0; ; i++) {
        try {
          return await adminRun(admin, `DROP DATABASE IF EXISTS ${name}`);
        } catch (err) {
          if (i >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
  }
  return {
    url,
    kind,
    async instance(env = {}) {
      const config = loadConfig({
        NODE_ENV: 'test',
        WEB_DIST: join(import.meta.dirname, 'no-web-dist'),
        UPLOAD_DIR: join(tmpdir(), `shop-test-uploads-${randomBytes(4).toString('hex')}`),
        ...env,
      });
      const clock = testClock(TEST_START);
      const db = await openDatabase(url, { seedDemo: true, platId: config.platId, now: clock.now() });
      const providers = createProviders(config, {});
      const app = await buildApp({ config, db, providers, clock, log: createLogger({ enabled: false }) });
      await app.ready();
      const instance: Instance = {
        app,
        db,
        config,
        providers,
        clock,
        async post(path, payload, headers = {}, ip = '10.250.0.1') {
          const res = await app.inject({
            method: 'POST',
            url: path,
            remoteAddress: ip,
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
            payload: new URLSearchParams({ platId: config.platId, in: JSON.stringify(payload) }).toString(),
          });
          let body: any = null;
          try {
            body = JSON.parse(res.body);
          } catch {
            // not JSON
          }
          return { status: res.statusCode, body };
        },
      };
      instances.push(instance);
      return instance;
    },
    async close() {
      for (const i of instances.splice(0)) {
        await i.app.close();
        await i.db.close();
      }
      await drop();
    },
  };
}

async function adminRun(url: string, statement: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(statement).finally(() => c.end());
}
