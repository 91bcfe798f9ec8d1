// Throughput of one API call against a bare Fastify route answering the same JSON from memory, in the same run:
// the ratio says how much the real work (session lookup, grade prices, SQL, validation, envelope) costs.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');

function load(url, { body, headers }, { connections, seconds }) {
  return new Promise((done, fail) => {
    autocannon({ url, method: 'POST', body, headers, connections, duration: seconds }, (err, result) => (err ? fail(err) : done(result)));
  });
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
      return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
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
 */
export async function measureThroughput(base, { path, payload, phone, password, connections = 50, seconds = 8, barePort = 8192 }) {
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
  try {
    await load(`${base}${path}`, request, { connections, seconds: 2 }); // warm-up
    await load(`${bare.base}${path}`, request, { connections, seconds: 2 });
    // The machine is shared: the shop and the bare route take turns (two rounds of half the time each), so a change in
    // the host's load between two long runs does not decide the ratio. p99 is the worse round's.
    const shops = [];
    const plains = [];
    for (let round = 0; round < 2; round++) {
      shops.push(await load(`${base}${path}`, request, { connections, seconds: Math.max(1, Math.round(seconds / 2)) }));
      plains.push(await load(`${bare.base}${path}`, request, { connections, seconds: Math.max(1, Math.round(seconds / 2)) }));
    }
    const avg = (runs) => runs.reduce((n, r) => n + r.requests.average, 0) / runs.length;
    return {
      shopRps: Math.round(avg(shops)),
      bareRps: Math.round(avg(plains)),
      ratio: avg(shops) / avg(plains),
      p99: Math.max(...shops.map((r) => r.latency.p99)),
      errors: shops.reduce((n, r) => n + r.errors + r.non2xx, 0),
      bytes: sample.length,
    };
  } finally {
    bare.stop();
  }
}
