import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newLogin, STAFF_EVENTS_SOCKET } from '@shop/contract';
import { makeApp, useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { openSocket } from './chat-socket.js';

// ADR 0039: /metrics (not public), /readyz, and the graceful stop on SIGTERM.
const t = useTestApp({ env: { METRICS_TOKEN: 'scrape-token-for-tests-0123456789' } });

const scrape = async (opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: opts.ip ?? '127.0.0.1', headers: opts.headers ?? {} });

/** The value of one sample (exact name and labels), 0 when the series has no sample yet. */
async function sample(series: string): Promise<number> {
  const res = await scrape();
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('counts every answered operation by its result code and times it', async () => {
    const refused = 'shop_operation_results_total{op="newLogin",code="LOGIN_FAILED"}';
    const timed = 'shop_request_duration_seconds_count{op="newLogin",status="200"}';
    const [refusedBefore, timedBefore] = [await sample(refused), await sample(timed)];
    const agent = await freshAgent(t, { status: 1 });
    await Promise.all([1, 2, 3].map(() => t.call(newLogin, { suAccount: agent.phone, suPassword: 'wrong1234' })));
    expect(await sample(refused)).toBe(refusedBefore + 3);
    // freshAgent logged in once (SUCCESS) besides the three refusals.
    expect(await sample(timed)).toBe(timedBefore + 4);
    expect(await sample('shop_operation_results_total{op="newLogin",code="SUCCESS"}')).toBeGreaterThanOrEqual(1);
  });

  it('is not public: another address, a request through a proxy, or a wrong token get 404 and no figures', async () => {
    for (const res of [
      await scrape({ ip: '10.9.8.7' }),
      await scrape({ headers: { 'x-forwarded-for': '127.0.0.1' } }),
      await scrape({ ip: '10.9.8.7', headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-tok' } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('shop_');
    }
    const withToken = await scrape({ ip: '10.9.8.7', headers: { authorization: `Bearer ${t.config.metricsToken}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('shop_request_duration_seconds_bucket');
    expect(withToken.body).toContain('shop_db_pool_connections');
    expect(withToken.body).toContain('shop_process_resident_memory_bytes');
  });

  it('counts money moved per account and change code only once the transaction committed, also when parallel', async () => {
    const agent = await freshAgent(t, { status: 1 });
    const series = 'shop_money_moved_fen_total{account="store",code="1",direction="in"}';
    const before = await sample(series);
    const move = (amount: number, fail: boolean) =>
      t.db.kysely
        .transaction()
        .execute(async (trx) => {
          await moveBalance(trx, { platId: t.config.platId, agentId: agent.agentId, account: 'store', amount, changeState: 1, orderCode: null, remark: 'metrics test', at: t.clock.now().toISOString() });
          if (fail) throw new Error('rolled back on purpose');
        })
        .then(() => 'committed', () => 'rolled back');
    const results = await Promise.all([move(100, false), move(250, true), move(700, false), move(1000, true)]);
    expect(results).toEqual(['committed', 'rolled back', 'committed', 'rolled back']);
    expect(await sample(series)).toBe(before + 800);
    const row = await t.db.kysely.selectFrom('agents').select('last_store').where('id', '=', agent.agentId).executeTakeFirstOrThrow();
    expect(Number(row.last_store)).toBe(800);
  });
});

describe('/readyz and /healthz', () => {
  it('/readyz says ready while the database answers and 503 once it is gone; /healthz stays the liveness check', async () => {
    const own = await makeApp();
    try {
      const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: own.db.dialect });
      expect((await own.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await own.db.close();
      const gone = await own.app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await own.app.close();
    }
  });
});

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });

describe('SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-sigterm-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finishes the request under way, tells sockets to reconnect (1012), refuses new connections and exits 0', async () => {
    const port = await freePort();
    const root = resolve(import.meta.dirname, '../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'shop.db')}`, JOBS: 'off', WEB_DIST: join(dir, 'none'), ADMIN_DIST: join(dir, 'none') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b) => (output += String(b)));
    child.stderr.on('data', (b) => (output += String(b)));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const socket = await openSocket(`ws://127.0.0.1:${port}${STAFF_EVENTS_SOCKET}`);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    expect(metrics).toContain(`shop_websockets_open{path="${STAFF_EVENTS_SOCKET}"} 1`);

    // A request whose body is still arriving when the signal comes: it must be answered in full.
    const body = new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ suAccount: '13800000001', suPassword: 'demo1234' }) }).toString();
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: newLogin.path, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += String(c)));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', fail);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 400);
      }, 100);
    });

    expect(await socket.closed).toBe(1012);
    const reply = await answer;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ errorType: 'SUCCESS' });
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);
});
