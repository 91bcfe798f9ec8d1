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

  await load(`${base}${path}`, request, { connections, seconds: 2 }); // warm-up
  const shop = await load(`${base}${path}`, request, { connections, seconds });
  const bare = await startBare(barePort, sample);
  try {
    await load(`${bare.base}${path}`, request, { connections, seconds: 2 });
    const plain = await load(`${bare.base}${path}`, request, { connections, seconds });
    return {
      shopRps: Math.round(shop.requests.average),
      bareRps: Math.round(plain.requests.average),
      ratio: shop.requests.average / plain.requests.average,
      p99: shop.latency.p99,
      errors: shop.errors + shop.non2xx,
      bytes: sample.length,
    };
  } finally {
    bare.stop();
  }
}
