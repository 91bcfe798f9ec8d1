#!/usr/bin/env node
// The product-list figure alone (ADR 0051), without the web build, Lighthouse or the orders bench:
//   node bench/product-list.mjs            BENCH_SECONDS (8), BENCH_ROUNDS (2), BENCH_PORT (18491)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/product-list.mjs   (profiles the server process)
// It starts bench/bench-server.ts (the shop's app plus a static JSON route in the same process) on a fresh SQLite
// database with demo data, and compares the product list with a bare Fastify process and with that static route.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measureThroughput, PRODUCT_LIST_PROBE } from './api-throughput.mjs';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 18491);
const dir = mkdtempSync(join(tmpdir(), 'shop-bench-list-'));
const staticJson = join(dir, 'static.json');
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/bench-server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, BENCH_STATIC_JSON: staticJson, JOBS: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((r) => child.on('exit', r));
const base = `http://127.0.0.1:${port}`;
try {
  let up = false;
  for (let i = 0; i < 300 && !up; i++) {
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error('server did not start');
  const t = await measureThroughput(base, {
    ...PRODUCT_LIST_PROBE,
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    rounds: Number(process.env.BENCH_ROUNDS ?? 2),
    barePort: port + 1,
    staticPath: '/api/bench/static',
    writeStatic: (json) => writeFileSync(staticJson, json),
    serverPid: child.pid,
  });
  const { readFileSync } = await import('node:fs');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`product list ${t.shopRps} req/s, p99 ${t.p99} ms, ${t.shopCpuUs} µs CPU/request, ${t.errors} errors, ${t.bytes} bytes`);
  console.log(`bare Fastify process ${t.bareRps} req/s (p99 ${t.bareP99} ms, ${t.bareCpuUs} µs CPU/request): ratio ${t.ratio.toFixed(2)} (target >= 0.60), p99 target <= 10 ms`);
  console.log(`static route, same process ${t.staticRps} req/s (p99 ${t.staticP99} ms, ${t.staticCpuUs} µs CPU/request): ratio ${t.staticRatio.toFixed(2)}`);
  console.log(`load average ${load}`);
} finally {
  child.kill('SIGTERM');
  await exited;
}
