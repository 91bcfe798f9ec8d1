// Throughput of one API call against a bare Fastify route answering the same JSON from memory, in the same run:
// the ratio says how much the real work (session lookup, grade prices, SQL, validation, envelope) costs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');

function load(url, { body, headers }, { connections, seconds }) {
  return new Promise((done, fail) => {
    autocannon({ url, method: 'POST', body, headers, connections, duration: seconds }, (err, result) => (err ? fail(err) : done(result)));
  });
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; null elsewhere). Divided by the requests a
 * round answered it gives the CPU per request, which the host's load moves far less than requests per second (ADR 0051).
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/** One round of `load`, with the CPU the serving process `pid` spent on it per request (µs), when known. */
async function measuredLoad(pid, url, request, opts) {
  const before = pid ? cpuMs(pid) : null;
  const result = await load(url, request, opts);
  const after = pid ? cpuMs(pid) : null;
  result.cpuUs = before !== null && after !== null && result.requests.total > 0 ? ((after - before) * 1000) / result.requests.total : null;
  return result;
}

/** A bare Fastify server in its own process, answering `json` to every POST (no parsing, no database). */
async function startBare(port, json) {
  const script = `
    const Fastify = require('fastify');
    const body = ${JSON.stringify(json)};
    const app = Fastify();
    app.addContentTypeParser('*', (req, payload, done) => { payload.resume(); payload.on('end', () => done(null)); });
    app.post('/*', async (req, reply) => reply.type('application/json').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: resolve(root, 'apps/api'), stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/x`, { method: 'POST' });
      return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('bare server did not start');
}

/**
 * Measures `path` with `payload` as agent `phone` on the running shop at `base`, then the same answer from a bare
 * route. Answers requests per second of both, their ratio and the shop's p99 latency.
 * `staticPath` (bench/bench-server.ts, ADR 0051): a static route in the shop's own process answering the same JSON
 * through every hook; `writeStatic(json)` hands it the sample first. Then `staticRps` and `staticRatio` too.
 */
/** The probe both benches time: the self-operated zone's first page (10 products) for a demo agent, 50 connections. */
export const PRODUCT_LIST_PROBE = {
  path: '/api/prod/selectProdListByType.do',
  payload: { prodType: 1, phonePage: { pageSize: 10, pageNum: 1 }, pageType: 1, isPhoneShow: 1 },
  phone: '13800000001',
  password: 'demo1234',
  connections: 50,
};

export async function measureThroughput(base, { path, payload, phone, password, connections = 50, seconds = 8, barePort = 8192, staticPath, writeStatic, rounds = 2, serverPid }) {
  const login = await fetch(`${base}/api/home/newLogin.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify({ suAccount: phone, suPassword: password }) }),
  }).then((r) => r.json());
  const request = {
    body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accessToken: login.accessToken },
  };
  const sample = await fetch(`${base}${path}`, { method: 'POST', ...request }).then((r) => r.text());
  if (!sample.includes('"SUCCESS"')) throw new Error(`${path} did not succeed: ${sample.slice(0, 200)}`);

  const bare = await startBare(barePort, sample);
  if (staticPath) writeStatic(sample);
  try {
    await load(`${base}${path}`, request, { connections, seconds: 2 }); // warm-up
    await load(`${bare.base}${path}`, request, { connections, seconds: 2 });
    if (staticPath) await load(`${base}${staticPath}`, request, { connections, seconds: 2 });
    // The machine is shared: the shop and the bare route take turns (two rounds of half the time each), so a change in
    // the host's load between two long runs does not decide the ratio. p99 is the worse round's.
    const shops = [];
    const plains = [];
    const statics = [];
    const each = Math.max(1, Math.round(seconds / rounds));
    for (let round = 0; round < rounds; round++) {
      shops.push(await measuredLoad(serverPid, `${base}${path}`, request, { connections, seconds: each }));
      plains.push(await measuredLoad(bare.pid, `${bare.base}${path}`, request, { connections, seconds: each }));
      if (staticPath) statics.push(await measuredLoad(serverPid, `${base}${staticPath}`, request, { connections, seconds: each }));
    }
    const avg = (runs) => runs.reduce((n, r) => n + r.requests.average, 0) / runs.length;
    const cpu = (runs) => (runs.every((r) => r.cpuUs !== null) ? Math.round(runs.reduce((n, r) => n + r.cpuUs, 0) / runs.length) : null);
    return {
      shopRps: Math.round(avg(shops)),
      bareRps: Math.round(avg(plains)),
      ratio: avg(shops) / avg(plains),
      ...(staticPath && {
        staticRps: Math.round(avg(statics)),
        staticRatio: avg(shops) / avg(statics),
        staticP99: Math.max(...statics.map((r) => r.latency.p99)),
        staticCpuUs: cpu(statics),
      }),
      shopCpuUs: cpu(shops),
      bareCpuUs: cpu(plains),
      bareP99: Math.max(...plains.map((r) => r.latency.p99)),
      p99: Math.max(...shops.map((r) => r.latency.p99)),
      errors: shops.reduce((n, r) => n + r.errors + r.non2xx, 0),
      bytes: sample.length,
    };
  } finally {
    bare.stop();
  }
}
