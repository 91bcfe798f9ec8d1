import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ledgerHolds, orderLedgerBreaches } from './shop-fixture.js';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Envelope, Operation, UserInfo } from '@shop/contract';
import { newLogin } from '@shop/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/connect.js';
import type { Clock } from '../../src/lib/clock.js';
import { createLogger, type Logger } from '../../src/lib/logger.js';
import { createProviders, type Providers } from '../../src/providers/index.js';
import { LocalSmsProvider } from '../../src/providers/sms/local-sms.js';
import { openTestDatabase } from './database.js';
import { openDatabase } from '../../src/db/open.js';
import { withIdempotencyKey } from './idempotency-key.js';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

/** 10:00 in China on a fixed day, so calendar-day rules (the SMS daily cap) do not depend on when the tests run. */
export const TEST_START = new Date('2026-11-21T02:00:00.000Z');

export function testClock(start = TEST_START): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface Reply<Obj = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The raw answer text (to check that nothing secret is anywhere in it). */
  text: string;
  body: Envelope<Obj, any> & Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  /** The caller's address; per-address rate limits count by it. */
  ip?: string;
  platId?: string;
}

/** A file part of a multipart call. */
export interface UploadFile {
  name: string;
  data: Buffer | string;
  /** The part's Content-Type; none gives application/octet-stream, as a browser does for an unknown file. */
  type?: string;
}

export interface UploadOptions extends CallOptions {
  /** A staff call: header `staffToken` instead of `accessToken`. */
  staffToken?: string;
  /** The `in` field (default `{}`). */
  payload?: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  providers: Providers;
  clock: TestClock;
  /** The app's logger, silent in tests. */
  log: Logger;
  /** The address requests come from unless a call names its own; `useTestApp` gives each test a new one. */
  ip: string;
  /** As the web sends it: POST, form body `platId=<id>&in=<JSON>`, `accessToken` header. */
  call<Obj = any>(op: Operation | string, payload?: unknown, opts?: CallOptions): Promise<Reply<Obj>>;
  /** The same call with a JSON body (`{ platId, in: {...} }`), which the server also accepts. */
  callJson<Obj = any>(op: Operation | string, body: unknown, opts?: CallOptions): Promise<Reply<Obj>>;
  /** A multipart call as the web's and the console's upload() send it: `platId`, `in` and the files as parts 0, 1, ... */
  upload<Obj = any>(op: Operation | string, files: UploadFile[], opts?: UploadOptions): Promise<Reply<Obj>>;
  login(phone: string, password: string, extra?: Record<string, unknown>): Promise<{ token: string; user: UserInfo }>;
  /** The newest SMS the local provider "sent" to a phone, read through GET /dev/sms-outbox; null when none. */
  smsOutbox(phone: string): Promise<{ phone: string; code: string; funcType: number } | null>;
  agentIdOf(phone: string): Promise<number>;
  close(): Promise<void>;
}

export interface MakeAppOptions {
  /** Extra environment for loadConfig, e.g. { NODE_ENV: 'production' } or { PUBLIC_ORIGINS: '...' }. */
  env?: Record<string, string>;
  /** Where the test clock starts (default TEST_START); the demo data is seeded relative to it, never to the wall clock. */
  start?: Date;
  /** An existing database (a file or a PostgreSQL database the test made) instead of a fresh one; not dropped on close. */
  databaseUrl?: string;
  /** With `databaseUrl`: false opens it as production does, migrated but without the demo data (default true). */
  seedDemo?: boolean;
}

let ipCounter = 0;
/** A new caller address: per-address limits use real time and memory, so tests must not share one by accident. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** The app as server.ts builds it, on a fresh seeded database, local providers and a movable clock. */
export async function makeApp(opts: MakeAppOptions = {}): Promise<TestApp> {
  // WEB_DIST points nowhere: answers must not depend on whether the web app happens to be built.
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: join(import.meta.dirname, 'no-web-dist'),
    UPLOAD_DIR: join(tmpdir(), 'shop-test-uploads'),
    ...opts.env,
  });
  const clock = testClock(opts.start);
  const database = opts.databaseUrl
    ? await openDatabase(opts.databaseUrl, { seedDemo: opts.seedDemo ?? true, platId: config.platId, now: clock.now() }).then((db) => ({ db, close: () => db.close() }))
    : await openTestDatabase(config.platId, clock.now());
  const db = database.db;
  const providers = createProviders(config, {});
  if (!(providers.sms instanceof LocalSmsProvider)) throw new Error('tests need the local SMS provider');
  const log = createLogger({ enabled: false });
  const app = await buildApp({ config, db, providers, clock, log });
  await app.ready();

  const send = async (op: Operation | string, opts: UploadOptions, body: string | Buffer, contentType: string) => {
    const res = await app.inject({
      method: 'POST',
      url: typeof op === 'string' ? op : op.path,
      remoteAddress: opts.ip ?? t.ip,
      headers: {
        'content-type': contentType,
        ...(opts.token === undefined ? {} : { accessToken: opts.token }),
        ...(opts.staffToken === undefined ? {} : { staffToken: opts.staffToken }),
      },
      payload: body,
    });
    let parsed: any = null;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      // not JSON: the test reads `text`
    }
    return { status: res.statusCode, headers: res.headers, text: res.body, body: parsed } as Reply;
  };

  const t: TestApp = {
    app,
    db,
    config,
    providers,
    clock,
    log,
    ip: nextIp(),
    call: (op, payload = {}, opts = {}) =>
      send(
        op,
        opts,
        new URLSearchParams({ platId: opts.platId ?? config.platId, in: JSON.stringify(withIdempotencyKey(op, payload)) }).toString(),
        'application/x-www-form-urlencoded',
      ),
    callJson: (op, body, opts = {}) => send(op, opts, JSON.stringify(body), 'application/json'),
    async upload(op, files, opts = {}) {
      const form = new FormData();
      form.set('platId', opts.platId ?? config.platId);
      form.set('in', JSON.stringify(withIdempotencyKey(op, opts.payload ?? {})));
      files.forEach((f, i) => form.set(String(i), new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)], f.type ? { type: f.type } : {}), f.name));
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return send(op, opts, Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!);
    },
    async login(phone, password, extra = {}) {
      const reply = await t.call(newLogin, { suAccount: phone, suPassword: password, ...extra });
      if (reply.body?.errorType !== 'SUCCESS') {
        throw new Error(`login ${phone} failed: ${reply.status} ${reply.text}`);
      }
      return { token: reply.body.accessToken as string, user: reply.body.obj as UserInfo };
    },
    async smsOutbox(phone) {
      const res = await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${encodeURIComponent(phone)}` });
      if (res.statusCode === 404) return null;
      if (res.statusCode !== 200) throw new Error(`sms outbox answered ${res.statusCode}`);
      return res.json();
    },
    async agentIdOf(phone) {
      const row = await db.kysely
        .selectFrom('agents')
        .select('id')
        .where('plat_id', '=', config.platId)
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return t;
}

/**
 * One app for the whole test file (built before the first test, closed after the last); each test calls from a new
 * address. Tests of one file share the database and the clock, so they use different agents where state matters.
 */
export function useTestApp(opts: MakeAppOptions = {}): TestApp {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await makeApp(opts);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    if (current) current.ip = nextIp();
  });
  // ARCHITECTURE data rules, after every test: each balance equals the sum of its change records, none negative.
  afterEach(async () => {
    if (current && !(await ledgerHolds(current))) throw new Error('ledger invariant broken: a balance differs from the sum of its records');
    // What each order says it took equals its goods-fund and total-score records.
    const breaches = current ? await orderLedgerBreaches(current) : [];
    if (breaches.length > 0) throw new Error(`order ledger invariant broken: ${JSON.stringify(breaches.slice(0, 3))}`);
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('the test app is only available inside tests and hooks');
      const value = (current as any)[key];
      return typeof value === 'function' ? value.bind(current) : value;
    },
    set(_target, key, value) {
      if (!current) throw new Error('the test app is only available inside tests and hooks');
      (current as any)[key] = value;
      return true;
    },
  });
}
