// npm run bench:volume: the reads that grow with the data, timed through the real HTTP app on the volume database
// (npm run seed:volume) and on demo data (a throwaway cluster) in the same run, each printed with its target:
// agent reads p99 <= 30 ms at 20 connections; staff search <= 300 ms; no figure more than 2x its demo-data value.
// Agent reads: autocannon, 20 connections, BENCH_SECONDS each (5). Staff reads: one staff member, one request at a
// time (staff work one screen at a time), BENCH_STAFF_RUNS each (20), p50 and p99.
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { connect } from '../apps/api/src/db/connect.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { volumeIndexes } from '../apps/api/src/db/migrations/033-volume-indexes.js';
import { performanceRollup } from '../apps/api/src/db/migrations/036-performance-rollup.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import type { Database } from '../apps/api/src/db/schema.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createLogger } from '../apps/api/src/lib/logger.js';
import { createProviders } from '../apps/api/src/providers/index.js';
import { postgresAvailability } from '../apps/api/test/helpers/postgres-availability.js';
import { startCluster } from '../apps/api/test/helpers/postgres-cluster.js';
import { VOLUME_PASSWORD } from './seed-volume.js';
import { volumeUrl } from './volume-cluster.js';
import { ledgerBreaches } from './volume-invariants.js';

// `tsx bench/volume.ts` runs from the repository root; the app runs in a child process (ADR 0048; 2 cores here).

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const STAFF_RUNS = Number(process.env.BENCH_STAFF_RUNS ?? 20);
const CONNECTIONS = 20;

type Kind = 'agent' | 'staff' | 'once';
interface Figure {
  name: string;
  kind: Kind;
  p50: number;
  p99: number;
  note?: string;
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The agents each read is timed for: the heaviest of each kind, so the figure is the worst an agent sees. */
async function subjects(k: Kysely<Database>, volume: boolean) {
  if (!volume) return { buyer: '13800000001', password: 'demo1234', inviter: '13800000001', network: '13800000001', top: '13800000001' };
  const phone = async (q: Promise<{ id: number } | undefined>) => {
    const row = await q;
    const a = await k.selectFrom('agents').select('phone').where('id', '=', Number(row!.id)).executeTakeFirstOrThrow();
    return a.phone;
  };
  const buyer = await phone(
    k.selectFrom('orders').select((eb) => eb.ref('create_agent_id').as('id')).groupBy('create_agent_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst(),
  );
  const inviter = await phone(
    k.selectFrom('agents').select((eb) => eb.ref('inviter_id').as('id')).where('inviter_id', 'is not', null).where('agent_code', 'like', 'V%').groupBy('inviter_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst() as Promise<{ id: number } | undefined>,
  );
  // A typical leader: the agent with the most invitees among those invited by the 200th agent onwards (a network
  // of a few hundred), and the top of the tree (the whole network below it).
  const network = await phone(
    k.selectFrom('agents').select((eb) => eb.ref('inviter_id').as('id')).where('agent_code', 'like', 'V%').where('inviter_id', '>', sql`(select min(id) + 200 from agents where agent_code like 'V%')`).groupBy('inviter_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst() as Promise<{ id: number } | undefined>,
  );
  const top = await phone(k.selectFrom('agents').select('id').where('agent_code', '=', 'V1').executeTakeFirst());
  return { buyer, password: VOLUME_PASSWORD, inviter, network, top };
}

async function run(label: string, url: string, volume: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  // Migrations on that data: what `npm start` does first (the volume database gets this branch's pending ones here).
  const mig = await connect(url);
  // Migrations 033 (the volume indexes) and 036 (the performance rollup and its indexes, ADR 0045) undone first when
  // the database has them, so their build on this data is timed (each on its own, then the whole run).
  const timed = [
    ['033-volume-indexes', volumeIndexes(mig.dialect)],
    ['036-performance-rollup', performanceRollup(mig.dialect)],
  ] as const;
  // Undone and redone in place, in their order, keeping each one's row in kysely_migration with its first timestamp:
  // Kysely refuses a history where a later migration (035) ran but an earlier one (033) is missing.
  const redo: { name: string; m: (typeof timed)[number][1]; timestamp: string }[] = [];
  if (volume && process.env.BENCH_REMIGRATE !== '0') {
    for (const [name, m] of [...timed].reverse()) {
      const done = await mig.kysely.selectFrom('kysely_migration' as any).select(['name', 'timestamp']).where('name', '=', name).executeTakeFirst();
      if (done) {
        await m.down!(mig.kysely);
        await mig.kysely.deleteFrom('kysely_migration' as any).where('name', '=', name).execute();
        redo.unshift({ name, m, timestamp: String((done as { timestamp: string }).timestamp) });
      }
    }
  }
  let t = Date.now();
  for (const r of redo) {
    const t0 = Date.now();
    await r.m.up(mig.kysely);
    await mig.kysely.insertInto('kysely_migration' as any).values({ name: r.name, timestamp: r.timestamp } as any).execute();
    figures.push({ name: `migration ${r.name} on volume`, kind: 'once', p50: Date.now() - t0, p99: Date.now() - t0 });
  }
  await migrateToLatest(mig);
  figures.push({ name: 'migrations to latest (033, 036 on volume)', kind: 'once', p50: Date.now() - t, p99: Date.now() - t });
  t = Date.now();
  const breaches = await ledgerBreaches(mig.kysely);
  const invariantMs = Date.now() - t;
  figures.push({ name: 'ledger invariant check (SQL)', kind: 'once', p50: invariantMs, p99: invariantMs, note: breaches.agents + breaches.orders === 0 ? 'holds' : `BROKEN ${JSON.stringify(breaches)}` });
  await mig.close();

  const db = await openDatabase(url, { seedDemo: true, platId: 'plat-demo' });
  const who = await subjects(db.kysely, volume);
  // ADR 0048: the app runs in its own process (bench/volume-app.ts), as in production, unless BENCH_IN_PROCESS=1 (the
  // figures before ADR 0048: autocannon and the app on one event loop).
  let app: { close: () => Promise<unknown> };
  let base: string;
  if (process.env.BENCH_IN_PROCESS === '1') {
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '1000', UPLOAD_DIR: join(tmpdir(), 'bench-uploads'), WEB_DIST: '/nonexistent' });
    const inProcess = await buildApp({ config, db, providers: createProviders(config), clock: systemClock, log: createLogger({ enabled: false }) });
    await inProcess.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
    base = `http://127.0.0.1:${(inProcess.server.address() as { port: number }).port}`;
    app = inProcess;
  } else {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/volume-app.ts', url], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((done, fail) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) done(Number(m[1]));
      });
      child.once('exit', (code) => fail(new Error(`bench app exited (${code}) before listening`)));
    });
    base = `http://127.0.0.1:${port}`;
    app = { close: () => new Promise((done) => (child.exitCode !== null ? done(undefined) : (child.once('exit', done), child.kill('SIGTERM')))) };
  }
  const body = (payload: unknown) => new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }).toString();
  const post = async (path: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: body(payload) });
    return (await res.json()) as { errorType: string; msg: string; accessToken?: string; staffToken?: string; obj?: any; objs?: any[] };
  };
  const tokens = new Map<string, string>();
  const agentToken = async (phone: string) => {
    if (!tokens.has(phone)) {
      const login = await post('/api/home/newLogin.do', { suAccount: phone, suPassword: phone.startsWith('1380') ? 'demo1234' : who.password });
      if (!login.accessToken) throw new Error(`login ${phone}: ${login.msg}`);
      tokens.set(phone, login.accessToken);
    }
    return { accessToken: tokens.get(phone)! };
  };
  const staff = await post('/api/staff/staffLogin.do', { username: 'admin', password: 'staff1234' });
  if (!staff.staffToken) throw new Error(`staff login: ${staff.msg}`);
  const staffHeaders = { staffToken: staff.staffToken };

  const agentRead = async (name: string, phone: string, path: string, payload: unknown) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', ...(await agentToken(phone)) };
    const sample = await post(path, payload, headers);
    if (sample.errorType !== 'SUCCESS') throw new Error(`${name}: ${sample.msg}`);
    const opts = { url: base + path, method: 'POST' as const, body: body(payload), headers, connections: CONNECTIONS };
    await new Promise((done, fail) => autocannon({ ...opts, duration: 1 }, (err, r) => (err ? fail(err) : done(r))));
    const r = await new Promise<autocannon.Result>((done, fail) => autocannon({ ...opts, duration: SECONDS }, (err, res) => (err ? fail(err) : done(res))));
    const errors = r.errors + r.non2xx + r.timeouts;
    // Every request timing out (autocannon's 10 s) leaves no latency: the figure is then the timeout itself.
    const none = r.requests.total === 0 || r.latency.p99 === 0;
    figures.push({ name, kind: 'agent', p50: none ? 10_000 : r.latency.p50, p99: none ? 10_000 : r.latency.p99, note: `${Math.round(r.requests.average)} req/s${errors ? `, ${errors} errors or timeouts` : ''}` });
  };
  const staffRead = async (name: string, path: string, payload: unknown) => {
    const first = await post(path, payload, staffHeaders);
    if (first.errorType !== 'SUCCESS') throw new Error(`${name}: ${first.msg}`);
    const times: number[] = [];
    for (let i = 0; i < STAFF_RUNS; i++) {
      const t0 = performance.now();
      await post(path, payload, staffHeaders);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    figures.push({ name, kind: 'staff', p50: Math.round(pct(times, 50)), p99: Math.round(pct(times, 99)) });
  };

  const page = (pageNum: number) => ({ phonePage: { pageNum, pageSize: 10 } });
  await agentRead('agent: order list, first page', who.buyer, '/api/order/selectOrderInfoList.do', { circulationState: -1, ...page(1) });
  await agentRead('agent: order list, page 100', who.buyer, '/api/order/selectOrderInfoList.do', { circulationState: -1, ...page(100) });
  await agentRead('agent: order list, done tab, page 1', who.buyer, '/api/order/selectOrderInfoList.do', { circulationState: 5, ...page(1) });
  await agentRead('agent: goods-fund records, page 1', who.buyer, '/api/agentAccount/selectBillOfGoods.do', { changeType: 0, ...page(1) });
  await agentRead('agent: goods-fund records, page 100', who.buyer, '/api/agentAccount/selectBillOfGoods.do', { changeType: 0, ...page(100) });
  await agentRead('agent: total-score records, page 1', who.inviter, '/api/agentAccount/selAllAgentRewardChangeRecord.do', { changeType: 0, ...page(1) });
  await agentRead('agent: friends by grade', who.inviter, '/api/agent/selBaseInfoByInvAgentId.do', { agentOrPhone: '', ...page(1) });
  await agentRead('agent: performance by month', who.network, '/api/performance/selEveryMonthMoney.do', page(1));

  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() + 8 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10);
  await staffRead('staff: order search, no filter', '/api/staff/searchOrders.do', page(1));
  await staffRead('staff: order search, buyer phone', '/api/staff/searchOrders.do', { phone: who.buyer, ...page(1) });
  await staffRead('staff: order search, part of a code', '/api/staff/searchOrders.do', { orderCode: volume ? 'O00004242' : '0001', ...page(1) });
  await staffRead('staff: order search, part of a name', '/api/staff/searchOrders.do', { agent: volume ? '代理4242' : '张', ...page(1) });
  await staffRead('staff: order search, waybill part', '/api/staff/searchOrders.do', { waybill: volume ? '00004242' : 'SF', ...page(1) });
  await staffRead('staff: queue to ship', '/api/staff/selectOrdersToShip.do', page(1));
  await staffRead('staff: queue offline payments', '/api/staff/selectPendingReviewOrders.do', page(1));
  await staffRead('staff: queue withdrawals', '/api/staff/selectPendingWithdrawals.do', page(1));
  await staffRead('staff: ledger records, first page', '/api/staff/selectLedgerRecords.do', page(1));
  await staffRead('staff: daily cash report, 7 days', '/api/staff/selectCashReport.do', { from: weekAgo, to: today });
  await staffRead('staff: dashboard', '/api/staff/selectDashboardCounts.do', {});
  // Last: requests autocannon gave up on (10 s) keep the server busy after it, which would slow any figure after it.
  await agentRead('agent: performance by month, tree top', who.top, '/api/performance/selEveryMonthMoney.do', page(1));

  await app.close();
  await db.close();
  console.log(`${label}: measured ${figures.length} figures`);
  return figures;
}

const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`load at start: ${load()}`);
const pg = postgresAvailability();
if (!pg.available || pg.mode !== 'cluster') throw new Error(`bench:volume needs initdb/pg_ctl for the demo-data comparison (${pg.available ? pg.mode : pg.reason})`);
if (!process.env.TMPDIR) {
  // The throwaway cluster runs as the postgres user (as root here): its folder's parent must be open to it.
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), 'bench-volume-'));
  chmodSync(process.env.TMPDIR, 0o755);
}
const demoCluster = await startCluster(pg.tools);
let demo: Figure[];
try {
  demo = await run('demo data', demoCluster.url, false);
} finally {
  demoCluster.stop();
}
const vol = volumeUrl({ create: false });
const counts = await (async () => {
  const c = await connect(vol.url);
  const n = async (t: 'orders' | 'agents' | 'account_changes') => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(c.kysely)).rows[0]!.n);
  const r = { orders: await n('orders'), agents: await n('agents'), records: await n('account_changes') };
  await c.close();
  return r;
})();
console.log(`volume database: ${counts.agents} agents, ${counts.orders} orders, ${counts.records} ledger records`);
const big = await run('volume', vol.url, true);
console.log(`load at end: ${load()}`);

console.log(`\n${'figure'.padEnd(42)} ${'demo p50/p99'.padEnd(14)} ${'volume p50/p99'.padEnd(16)} ${'target'.padEnd(26)} met`);
let allMet = true;
for (const f of big) {
  const d = demo.find((x) => x.name === f.name); // the migrations redone in place run on the volume only
  const targets: string[] = [];
  let ok = true;
  if (f.kind === 'agent') {
    targets.push('p99 <= 30 ms');
    ok &&= f.p99 <= 30;
  }
  if (f.name.startsWith('staff: order search')) {
    targets.push('p99 <= 300 ms');
    ok &&= f.p99 <= 300;
  }
  if (d && (f.kind !== 'once' || f.name.startsWith('ledger'))) {
    targets.push('<= 2x demo');
    ok &&= f.p99 <= 2 * Math.max(d.p99, 1);
  }
  if (f.note?.startsWith('BROKEN')) ok = false;
  allMet &&= ok;
  const fig = (x: Figure) => `${x.p50}/${x.p99} ms`;
  console.log(`${f.name.padEnd(42)} ${(d ? fig(d) : '-').padEnd(14)} ${fig(f).padEnd(16)} ${(targets.join(', ') || 'reported').padEnd(26)} ${ok ? 'met' : 'NOT MET'}${f.note ? `  (${f.note})` : ''}`);
}
process.exit(allMet ? 0 : 1);
