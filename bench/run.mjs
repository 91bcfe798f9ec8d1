#!/usr/bin/env node
// npm run bench: builds the web app, starts the real server and prints each figure against its target.
import { spawnSync } from 'node:child_process';
import { measureThroughput, PRODUCT_LIST_PROBE } from './api-throughput.mjs';
import { apiSession, loginThroughApi, measurePage, startServer } from './bundle-size.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { demoStore } from './store-demo.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];

// BENCH_WEB_DIST=<folder>: measure a build made elsewhere (helpers sharing one tree) instead of building apps/web/dist.
if (!process.env.BENCH_WEB_DIST) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const server = await startServer(Number(process.env.BENCH_PORT ?? 8191));
try {
  const login = await measurePage(server.base, '/login', {
    ready: (page) => page.getByRole('button', { name: '登录' }).waitFor(),
  });
  console.log('\n/login scripts (gzip):');
  for (const f of login.files) console.log(`  ${f.file}  ${kb(f.gzip)} KB (raw ${kb(f.raw)} KB)`);
  console.log(`  total ${kb(login.gzip)} KB gzip, ${kb(login.brotli)} KB brotli (as served to Chromium)`);
  rows.push({ figure: 'JS /login loads before use (gzip)', value: `${kb(login.gzip)} KB`, target: '<= 100 KB', ok: login.gzip <= 100 * 1024 });

  // /home after logging in as the demo inviter: everything its first screen loads until the first product shows.
  const home = await measurePage(server.base, '/home', {
    login: (page, base) => loginThroughApi(page, base, '13800000001', 'demo1234'),
    ready: (page) => page.locator('.prod-card').first().waitFor(),
  });
  console.log('\n/home scripts (gzip):');
  for (const f of home.files) console.log(`  ${f.file}  ${kb(f.gzip)} KB (raw ${kb(f.raw)} KB)`);
  console.log(`  total ${kb(home.gzip)} KB gzip, ${kb(home.brotli)} KB brotli (as served to Chromium)`);
  rows.push({ figure: 'JS /home first screen loads (gzip)', value: `${kb(home.gzip)} KB`, target: '<= 100 KB', ok: home.gzip <= 100 * 1024 });

  // Lighthouse, mobile with simulated slow 4G, against the server sending the precompressed build (ADR 0015); the
  // median of 3 runs per page (LH_RUNS), and /check as a consumer opens it cold from the package's QR code.
  const detailId = await firstProductId(server.base);
  const agent = ['13800000001', 'demo1234'];
  const lh = await measureLighthouse(
    server.base,
    [
      { path: '/login' },
      { path: '/home', login: agent },
      { path: `/detail?prodId=${detailId}&prodType=1`, login: agent },
      { path: '/orders', login: agent },
      { path: '/my', login: agent },
      { path: '/check' },
      // The consumer's store (ADR 0038, ADR 0042): a demo store opened through the API, a visitor without a session.
      { path: `/store/${await demoStore(server.base)}` },
    ],
    { runs: Number(process.env.LH_RUNS ?? 3) },
  );
  console.log('\nLighthouse (mobile, simulated slow 4G, median of runs):');
  for (const r of lh) {
    console.log(`  ${r.path.padEnd(14)} score ${r.score.toFixed(2)}  FCP ${r.fcp} ms  LCP ${r.lcp} ms  TBT ${r.tbt} ms  CLS ${r.cls.toFixed(3)}  SI ${r.si} ms  ${kb(r.bytes)} KB`);
    rows.push({ figure: `Lighthouse performance ${r.path.split('?')[0].replace(/^\/store\/\d+$/, '/store/<shopId>')}`, value: r.score.toFixed(2), target: '>= 0.98', ok: r.score >= 0.98 });
  }

  // The self-operated product list (first page, 10 products) against a bare route with the same JSON, 50 connections.
  const t = await measureThroughput(server.base, {
    ...PRODUCT_LIST_PROBE,
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
  });
  console.log(`\nproduct list: ${t.shopRps} req/s (p99 ${t.p99} ms, ${t.errors} errors, ${t.bytes} bytes) vs bare route ${t.bareRps} req/s`);
  rows.push({ figure: 'product list / bare route throughput', value: t.ratio.toFixed(2), target: '>= 0.60', ok: t.ratio >= 0.6 && t.errors === 0 });
  rows.push({ figure: 'product list p99 at 50 connections', value: `${t.p99} ms`, target: '<= 10 ms', ok: t.p99 <= 10 });
} finally {
  server.stop();
}

// Orders created and paid per second by 20 concurrent agents, SQLite and PostgreSQL, invariants checked after.
const orders = spawnSync('npx', ['tsx', 'bench/orders-throughput.ts'], { encoding: 'utf8', env: process.env });
process.stdout.write(orders.stdout.split('\n').filter((l) => !l.startsWith('BENCH_ORDERS')).join('\n'));
const line = orders.stdout.split('\n').find((l) => l.startsWith('BENCH_ORDERS '));
for (const r of line ? JSON.parse(line.slice('BENCH_ORDERS '.length)) : []) {
  rows.push({ figure: `orders created+paid/s, 20 agents, ${r.label}`, value: `${Math.round(r.rate)}/s`, target: 'invariants', ok: r.ok });
  if (r.perOrder) rows.push({ figure: `SQL per order created+paid, ${r.label}`, value: (r.perOrder.create + r.perOrder.pay).toFixed(1), target: 'reported', ok: true });
  if (r.ratio !== undefined) rows.push({ figure: 'paid orders/s ÷ pgbench TPC-B tps', value: r.ratio.toFixed(3), target: '>= 0.06', ok: r.ratio >= 0.06 });
}
if (!line) rows.push({ figure: 'orders created+paid/s', value: 'failed', target: 'invariants', ok: false });

// Withdrawals and transfers per second by 20 concurrent agents, SQLite and PostgreSQL, ledger invariants checked after.
const funds = spawnSync('npx', ['tsx', 'bench/funds-throughput.ts'], { encoding: 'utf8', env: process.env });
process.stdout.write(funds.stdout.split('\n').filter((l) => !l.startsWith('BENCH_FUNDS')).join('\n'));
const fundsLine = funds.stdout.split('\n').find((l) => l.startsWith('BENCH_FUNDS '));
for (const r of fundsLine ? JSON.parse(fundsLine.slice('BENCH_FUNDS '.length)) : []) {
  rows.push({ figure: `withdrawals+transfers/s, 20 agents, ${r.label}`, value: `${Math.round(r.withdrawRate)}+${Math.round(r.transferRate)}/s`, target: 'invariants', ok: r.ok });
}
if (!fundsLine) rows.push({ figure: 'withdrawals+transfers/s', value: 'failed', target: 'invariants', ok: false });

/** The first self-operated product the demo inviter sees, for /detail. */
async function firstProductId(base) {
  const session = JSON.parse((await apiSession(base, '13800000001', 'demo1234'))['shop.session']);
  const res = await fetch(`${base}/api/prod/selectProdListByType.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accessToken: session.token },
    body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ prodType: 1, phonePage: { pageSize: 1, pageNum: 1 }, pageType: 1, isPhoneShow: 1 }) }),
  }).then((r) => r.json());
  const id = res.objs?.[0]?.prodId;
  if (!id) throw new Error(`no product for /detail: ${JSON.stringify(res).slice(0, 200)}`);
  return id;
}

console.log('\nbenchmark                                  value        target      ');
for (const r of rows) console.log(`${r.figure.padEnd(42)} ${r.value.padEnd(12)} ${r.target.padEnd(12)} ${r.ok ? 'ok' : 'OVER'}`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
