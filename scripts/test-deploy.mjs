#!/usr/bin/env node
// npm run test:deploy — the deployment check (ADR 0039): the compiled build as it runs in production, without
// containers. It starts a throwaway PostgreSQL cluster, two API processes from apps/api/dist on it, and nginx from
// deploy/nginx/shop.conf (rendered with this run's ports, paths and a self-signed certificate), then checks through
// nginx's TLS port: static files, login, an order paid from the goods fund, chat across the two processes, an upload
// written through one process and read through the other, the live counts, and a storm of requests while one process
// stops gracefully (SIGTERM) and then another is killed (SIGKILL). Ends with the ledger invariants on the database.
// Prints one line per check and "deploy check: N passed, N failed"; exit 0 only when all passed.
// Uploads go to an S3-compatible object store (s3rver, the test dependency the storage tests use, standing in for MinIO,
// OSS or COS): each process gets an upload folder of its own, so a read on the other process can only come from the store.
// Needs: nginx and initdb/pg_ctl (Debian: apt-get install -y nginx postgresql), openssl. Builds what is missing first.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, request as httpsRequest } from 'node:https';
import { postgresAvailability } from '../apps/api/test/helpers/postgres-availability.ts';
import { startCluster } from '../apps/api/test/helpers/postgres-cluster.ts';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const WS = require('ws');
const pg = require('pg');
const started = Date.now();
const results = [];
const cleanups = [];
const work = mkdtempSync(join(tmpdir(), 'shop-deploy-'));
// The logs (api-*.log, nginx/logs) stay for a failed run.
cleanups.push(() => (results.every((r) => r.ok) ? rmSync(work, { recursive: true, force: true }) : console.log(`logs kept in ${work}`)));

const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
/** Every file under a folder (s3rver keeps each object as a file under its bucket's folder). */
async function s3Objects(dir) {
  const { readdir } = await import('node:fs/promises');
  return existsSync(dir) ? (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name)) : [];
}

function which(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} 2>/dev/null`], { encoding: 'utf8' });
  return r.stdout.trim().split('\n')[0] || null;
}

async function main() {
  const nginxBin = which('nginx');
  if (!nginxBin) throw new Error('nginx not found (apt-get install -y nginx)');
  const pgTools = postgresAvailability({ ...process.env, TEST_DATABASE_URL: '' });
  if (!pgTools.available || pgTools.mode !== 'cluster') {
    // As the PostgreSQL API tests: without initdb/pg_ctl the check cannot run here; it says so and counts nothing.
    console.log(`deploy check: SKIPPED (${pgTools.reason}; apt-get install -y postgresql)`);
    skipped = true;
    return;
  }

  // 1. The build, as npm start makes it (only what is missing or stale).
  const build = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  // 2. PostgreSQL.
  const cluster = await startCluster(pgTools.tools);
  cleanups.unshift(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE shop');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/shop');

  // 3. The object store, then two API processes from the compiled build on it, behind a proxy.
  const S3rver = require('s3rver');
  const bucketDir = join(work, 's3');
  mkdirSync(bucketDir);
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: 'shop-uploads', configs: [] }] });
  const { port: s3Port } = await s3.run();
  cleanups.unshift(() => s3.close());
  console.log(`     object store (s3rver): http://127.0.0.1:${s3Port}, bucket shop-uploads, prefix shop/`);
  const [portA, portB, portHttp, portHttps] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const procs = {};
  const startApi = async (name, port) => {
    const log = join(work, `api-${name}.log`);
    const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/server.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '1',
        // ADR 0040: uploads in the bucket; the folder is the process's own and stays empty.
        UPLOAD_DIR: join(work, `uploads-${name}`),
        STORAGE_PROVIDER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'shop-uploads',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'shop/',
        RATE_LIMIT_SCALE: '1000',
        JOBS_INTERVAL_SECONDS: '5',
        PG_POOL_SIZE: '10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    const exited = new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
    cleanups.unshift(() => {
      writeFileSync(log, output);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const t0 = Date.now();
    while (Date.now() - t0 < 60_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`API ${name} exited: ${output.slice(-2000)}`);
      await sleep(100);
    }
    procs[name] = { child, port, exited, startMs: Date.now() - t0, output: () => output };
    return procs[name];
  };
  // Both at once on the empty database: one migrates and seeds under the lock (ADR 0025), the other waits.
  const [a, b] = await Promise.all([startApi('A', portA), startApi('B', portB)]);
  check('two API processes from apps/api/dist ready on one PostgreSQL', true, `ready after ${a.startMs} ms and ${b.startMs} ms (migrate + seed under the lock)`);
  const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  console.log(`     resident memory: A ${rssOf(a.child.pid).toFixed(0)} MB, B ${rssOf(b.child.pid).toFixed(0)} MB`);

  // 4. nginx from the repository's config.
  const tls = join(work, 'tls');
  mkdirSync(tls);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(tls, 'privkey.pem'), '-out', join(tls, 'fullchain.pem')], { stdio: 'pipe' });
  const shopConf = readFileSync(join(root, 'deploy/nginx/shop.conf'), 'utf8')
    .split('\n')
    .filter((l) => !l.includes('[::]'))
    .join('\n')
    .replace('listen 80;', `listen 127.0.0.1:${portHttp};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${portHttps} ssl http2;`)
    .replaceAll('/etc/shop/tls', tls)
    .replaceAll('/srv/shop', root);
  const upstream = readFileSync(join(root, 'deploy/nginx/upstream-host.conf'), 'utf8')
    .replace('127.0.0.1:8081', `127.0.0.1:${portA}`)
    .replace('127.0.0.1:8082', `127.0.0.1:${portB}`);
  const mime = ['/etc/nginx/mime.types'].find(existsSync);
  const nginxDir = join(work, 'nginx');
  mkdirSync(join(nginxDir, 'logs'), { recursive: true });
  writeFileSync(join(nginxDir, 'upstream.conf'), upstream);
  writeFileSync(join(nginxDir, 'shop.conf'), shopConf);
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 2;',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/logs/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      mime ? `  include ${mime};` : '',
      `  access_log ${nginxDir}/logs/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${nginxDir}/${k}_temp;`),
      `  include ${nginxDir}/upstream.conf;`,
      `  include ${nginxDir}/shop.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = spawn(nginxBin, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let nginxOut = '';
  nginx.stderr.on('data', (b) => (nginxOut += b));
  cleanups.unshift(() => nginx.exitCode === null && nginx.kill('SIGQUIT'));

  const tlsAgent = new Agent({ rejectUnauthorized: false, keepAlive: true, maxSockets: 64 });
  const base = `https://127.0.0.1:${portHttps}`;
  /** One request through nginx (TLS, self-signed); answers status, headers and body text. */
  const call = (method, path, { body, headers = {} } = {}) =>
    new Promise((done, fail) => {
      const req = httpsRequest(`${base}${path}`, { method, agent: tlsAgent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, headers: res.headers, buffer: Buffer.concat(chunks), text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', fail);
      if (body) req.write(body);
      req.end();
    });
  const post = async (path, payload, token, extraHeaders = {}) => {
    const r = await call('POST', path, {
      body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { accessToken: token } : {}), ...extraHeaders },
    });
    let json = null;
    try {
      json = JSON.parse(r.text);
    } catch {
      // not JSON: the caller looks at status
    }
    return { ...r, json };
  };
  for (let i = 0; i < 50; i++) {
    const up = await call('GET', '/healthz').then((r) => r.status === 200, () => false);
    if (up) break;
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
    await sleep(100);
  }

  // Static files and pages.
  check('nginx terminates TLS and /healthz answers through it', (await call('GET', '/healthz')).status === 200);
  const redirect = await fetch(`http://127.0.0.1:${portHttp}/home`, { redirect: 'manual' });
  check('plain HTTP is redirected to HTTPS', redirect.status === 301 && String(redirect.headers.get('location')).startsWith('https://'));
  const home = await call('GET', '/home');
  check('/home is the shop page with the app’s security headers', home.status === 200 && home.text.includes('<div id="root">') && Boolean(home.headers['content-security-policy']));
  check('/admin is the console page', (await call('GET', '/admin')).text.includes('<div id="root">'));
  // The page's entry script (the files under 512 bytes, such as the opening preloader, are not precompressed: ADR 0049).
  const asset = /\/assets\/index-[^"']+\.js/.exec(home.text)?.[0];
  const gz = asset ? await call('GET', asset, { headers: { 'accept-encoding': 'gzip' } }) : null;
  check('hashed files come from nginx precompressed (gzip_static) with a year-long cache', Boolean(gz && gz.status === 200 && gz.headers['content-encoding'] === 'gzip' && String(gz.headers['cache-control']).includes('immutable')), asset ?? 'no asset in index.html');
  check('/metrics is not served through nginx', (await call('GET', '/metrics')).status === 404);
  check('/metrics answers on the process itself (loopback)', (await fetch(`http://127.0.0.1:${portA}/metrics`).then((r) => r.text())).includes('shop_request_duration_seconds'));

  // Login, order, pay from the goods fund.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.unshift(() => db.end().catch(() => undefined));
  const PRICE = 100;
  const product = (await db.query(`INSERT INTO products (plat_id, prod_type, prod_name, created_at) VALUES ('plat-demo', 1, '部署检查商品', now()::text) RETURNING id`)).rows[0].id;
  const single = (await db.query(`INSERT INTO single_products (plat_id, product_id, spec_disp_str, price, virtual_num, weight) VALUES ('plat-demo', $1, '标准装', $2, 100000, 300) RETURNING id`, [product, PRICE * 2])).rows[0].id;
  await db.query(`INSERT INTO grade_prices (single_prod_id, grade_id, final_price) SELECT $1, id, $2 FROM grades WHERE plat_id = 'plat-demo'`, [single, PRICE]);

  const login = await post('/api/home/newLogin.do', { suAccount: '13800000001', suPassword: 'demo1234' }, null, { 'x-forwarded-for': '198.51.100.7' });
  const token = login.json?.accessToken;
  check('an agent logs in through nginx', login.json?.errorType === 'SUCCESS' && typeof token === 'string');
  const agentId = Number(login.json?.obj?.id ?? login.json?.obj?.userId ?? (await db.query(`SELECT id FROM agents WHERE phone = '13800000001'`)).rows[0].id);
  const address = await post('/api/order/saveOrderLogisticsAddress.do', { receiverNmae: '部署检查', receiverPhone: '13800000001', provinceCode: '110000', cityCode: '110100', districtCode: '110101', address: '检查路1号', isDefAddr: 0 }, token);
  const addressId = address.json?.obj?.id;
  const storeBefore = Number((await db.query('SELECT last_store FROM agents WHERE id = $1', [agentId])).rows[0].last_store);
  const orderAndPay = async () => {
    const order = await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: Number(single), buyNum: 1 }], idempotencyKey: randomUUID() }, token);
    if (order.json?.errorType !== 'SUCCESS') return { ok: false, status: order.status, msg: order.json?.msg ?? order.text.slice(0, 80) };
    const paid = await post('/api/order/orderPayment.do', { id: order.json.obj.id, payType: 1, payPassword: '123456', idempotencyKey: randomUUID() }, token);
    return { ok: paid.json?.errorType === 'SUCCESS', id: order.json.obj.id, status: paid.status, msg: paid.json?.msg ?? paid.text.slice(0, 80) };
  };
  const first = await orderAndPay();
  const storeAfter = Number((await db.query('SELECT last_store FROM agents WHERE id = $1', [agentId])).rows[0].last_store);
  const orderPrice = Number((await db.query('SELECT actual_money FROM orders WHERE id = $1', [first.id ?? 0])).rows[0]?.actual_money ?? -1);
  check('an order is placed and paid from the goods fund', first.ok && storeBefore - storeAfter === orderPrice, first.ok ? `goods fund ${storeBefore} → ${storeAfter} fen, the order's price ${orderPrice} fen (goods + freight)` : first.msg);

  // Chat: the agent's socket on process A, the service staff's socket on process B (PostgreSQL LISTEN/NOTIFY fan-out).
  const openSocket = (url, headers = {}) =>
    new Promise((done, fail) => {
      const ws = new WS(url, { rejectUnauthorized: false, headers });
      const frames = [];
      const waiters = new Set();
      ws.on('message', (raw) => {
        frames.push(JSON.parse(String(raw)));
        waiters.forEach((w) => w());
      });
      const closed = new Promise((r) => ws.on('close', (code) => r(code)));
      ws.once('open', () =>
        done({
          ws,
          closed,
          send: (f) => ws.send(JSON.stringify(f)),
          next: (match, ms = 8000) =>
            new Promise((ok, no) => {
              const look = () => {
                const f = frames.find(match);
                if (!f) return false;
                frames.splice(frames.indexOf(f), 1);
                waiters.delete(look);
                clearTimeout(timer);
                ok(f);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(look);
                no(new Error(`no frame within ${ms} ms: ${JSON.stringify(frames).slice(0, 300)}`));
              }, ms);
              if (!look()) waiters.add(look);
            }),
        }),
      );
      ws.once('error', fail);
    });
  const staffLogin = async (username) => (await post('/api/staff/staffLogin.do', { username, password: 'staff1234' })).json?.staffToken;
  const kefu = await staffLogin('kefu');
  const adminToken = await staffLogin('admin');
  try {
    const staffOnB = await openSocket(`ws://127.0.0.1:${portB}/api/ws/staff-chat`);
    staffOnB.send({ type: 'auth', staffToken: kefu });
    await staffOnB.next((f) => f.event === 'ready');
    const agentOnA = await openSocket(`ws://127.0.0.1:${portA}/api/ws/chat/${agentId}`);
    agentOnA.send({ type: 'auth', accessToken: token });
    await agentOnA.next((f) => f.event === 'sayHello');
    const text = `部署检查 ${randomUUID().slice(0, 8)}`;
    agentOnA.send({ type: 'message', clientMsgId: 'deploy-1', msgType: 0, content: text });
    const seen = await staffOnB.next((f) => f.event === 'message' && f.data?.content === text);
    check('chat: a message on process A reaches the staff socket on process B', Boolean(seen));
    // The same through nginx (wss, upgrade): the staff's reply reaches the agent whichever process each landed on.
    const agentViaNginx = await openSocket(`wss://127.0.0.1:${portHttps}/api/ws/chat/${agentId}`);
    agentViaNginx.send({ type: 'auth', accessToken: token });
    await agentViaNginx.next((f) => f.event === 'sayHello');
    staffOnB.send({ type: 'reply', chatId: seen.data.chatId, clientMsgId: 'deploy-2', msgType: 0, content: `${text} 回复` });
    check('chat through nginx (WebSocket upgrade over TLS) gets the staff reply', Boolean(await agentViaNginx.next((f) => f.event === 'message' && f.data?.content === `${text} 回复`)));

    // An upload written through process A, sent in the chat, its signed link read through process B and through nginx:
    // the two processes share no folder, so B reads it from the object store.
    const png = execFileSync(process.execPath, ['-e', "require('sharp')({create:{width:8,height:8,channels:3,background:'#2a7'}}).png().toBuffer().then(b=>process.stdout.write(b))"], { cwd: join(root, 'apps/api') });
    const form = new FormData();
    form.set('platId', 'plat-demo');
    form.set('in', '{}');
    form.set('0', new Blob([png], { type: 'image/png' }), 'check.png');
    const up = await fetch(`http://127.0.0.1:${portA}/api/common/uploadImgFile.do`, { method: 'POST', body: form, headers: { accessToken: token } }).then((r) => r.json());
    agentOnA.send({ type: 'message', clientMsgId: 'deploy-3', msgType: 1, picUrl: String(up.obj ?? '').split(',')[0] });
    const pic = await staffOnB.next((f) => f.event === 'message' && f.data?.msgType === 1);
    const link = String(pic.data.picUrl).replace(/^https?:\/\/[^/]+/, '');
    const readB = await fetch(`http://127.0.0.1:${portB}${link}`);
    const readVia = await call('GET', link);
    const inBucket = (await s3Objects(bucketDir)).filter((f) => f.includes('shop/'));
    check('an upload written through process A is read through process B and through nginx', readB.status === 200 && readVia.status === 200 && readVia.headers['content-type'] === 'image/jpeg', `B ${readB.status}, nginx ${readVia.status}`);
    check('the upload is in the object store, not on a process\'s disk', inBucket.length > 0 && (await s3Objects(join(work, 'uploads-A'))).length === 0, `${inBucket.length} object(s) under shop/ in the bucket`);
    [staffOnB, agentOnA, agentViaNginx].forEach((s) => s.ws.close());
  } catch (err) {
    check('chat across processes', false, String(err));
  }

  // Live counts: the console's events socket through nginx sends the dashboard's counts.
  try {
    const events = await openSocket(`wss://127.0.0.1:${portHttps}/api/ws/staff-events`);
    events.send({ type: 'auth', staffToken: adminToken });
    const counts = await events.next((f) => f.type === 'counts');
    check('live counts arrive on the staff events socket through nginx', counts && typeof counts.queues === 'object', JSON.stringify(counts.queues));
    events.ws.close();
  } catch (err) {
    check('live counts arrive on the staff events socket through nginx', false, String(err));
  }

  // The storm: workers order and pay, read the product list and the orders, while B stops (SIGTERM) and later A is
  // killed (SIGKILL) with B back. Every answer is counted by status.
  const storm = { answers: 0, paid: 0, failed: [], refused: new Map() };
  let phase = 'before';
  let stopStorm = false;
  const record = (r, what) => {
    storm.answers++;
    if (r.status >= 500 || r.status === 0) storm.failed.push({ phase, what, status: r.status, at: Date.now() });
    else if (!r.ok) storm.refused.set(r.msg, (storm.refused.get(r.msg) ?? 0) + 1);
  };
  const worker = async (i) => {
    while (!stopStorm) {
      try {
        if (i % 3 === 0) {
          const r = await post('/api/order/selectOrderInfoList.do', { circulationState: -1, phonePage: { pageNum: 1, pageSize: 10 } }, token);
          record({ status: r.status, ok: r.json?.errorType === 'SUCCESS', msg: r.json?.msg }, 'orders list');
        } else {
          const r = await orderAndPay();
          if (r.ok) storm.paid++;
          record(r, 'order + pay');
        }
      } catch (err) {
        record({ status: 0, ok: false, msg: String(err) }, 'connection');
      }
    }
  };
  const workers = Array.from({ length: 9 }, (_, i) => worker(i));
  await sleep(2500);
  phase = 'B draining (SIGTERM)';
  const tTerm = Date.now();
  b.child.kill('SIGTERM');
  const bExit = await b.exited;
  check('process B stops gracefully on SIGTERM mid-storm and exits 0', bExit.code === 0, `exit ${bExit.code} after ${Date.now() - tTerm} ms`);
  await sleep(2000);
  phase = 'B restarted';
  await startApi('B2', portB);
  // nginx sends B's port traffic again once its fail_timeout passed: wait until B2 has answered orders.
  const servedByB2 = async () => {
    const text = await fetch(`http://127.0.0.1:${portB}/metrics`).then((r) => r.text());
    return Number(/shop_request_duration_seconds_count\{op="saveOrderInfo",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  // Up to 30 s on a loaded machine: killing A before nginx sends to B2 again would leave no process at all.
  for (let i = 0; i < 300 && (await servedByB2()) < 10; i++) await sleep(100);
  const b2Orders = await servedByB2();
  check('the restarted process B takes orders through nginx again before A is killed', b2Orders >= 10, `${b2Orders} orders`);
  phase = 'A killed (SIGKILL)';
  const tKill = Date.now();
  a.child.kill('SIGKILL');
  await a.exited;
  await sleep(3000);
  stopStorm = true;
  await Promise.all(workers);
  const byKind = {};
  for (const f of storm.failed) byKind[`${f.phase}: ${f.what} ${f.status}`] = (byKind[`${f.phase}: ${f.what} ${f.status}`] ?? 0) + 1;
  if (storm.failed.length) console.log(`     failed answers: ${JSON.stringify(byKind)}`);
  // Known gap (ADR 0039): when the draining process stops listening, Node closes its idle keep-alive connections, and
  // a read nginx sends on one at that instant comes back 502 (about one run in three). Such a read is reported and
  // allowed (at most 2, reads only); an order or a payment failing while a process drains still fails the check.
  const drainFailed = storm.failed.filter((f) => f.phase !== 'A killed (SIGKILL)');
  const closeRace = drainFailed.filter((f) => f.what === 'orders list' && f.status === 502);
  const gracefulLost = closeRace.length <= 2 ? drainFailed.filter((f) => !closeRace.includes(f)) : drainFailed;
  if (closeRace.length) console.log(`     reads cut by the keep-alive close race while draining: ${closeRace.length} (allowed up to 2)`);
  const killLost = storm.failed.filter((f) => f.phase === 'A killed (SIGKILL)');
  const afterDown = killLost.filter((f) => f.at > tKill + 1000);
  check(
    'the storm: nothing lost while a process drains on SIGTERM and restarts',
    gracefulLost.length === 0,
    `${storm.answers} answers, ${storm.paid} orders paid, 5xx/lost: ${gracefulLost.length}${storm.refused.size ? `; refusals ${JSON.stringify(Object.fromEntries(storm.refused))}` : ''}`,
  );
  check(
    'the storm: after a SIGKILL only requests in flight on the dead process fail; nothing 5xx once nginx marked it down (1 s)',
    afterDown.length === 0 && killLost.length <= 9,
    `${killLost.length} in flight at the kill answered 502 (POSTs that reached the process are not resent), ${afterDown.length} after`,
  );

  // Ledger invariants on PostgreSQL: every balance equals its records and none is negative; each paid order of the
  // check's product took exactly its price from the goods fund.
  const balances = await db.query(`
    SELECT a.id, a.last_store, a.lave_income, a.lave_integral,
      COALESCE(SUM(c.amount) FILTER (WHERE c.account = 'store'), 0) AS store,
      COALESCE(SUM(c.amount) FILTER (WHERE c.account = 'income'), 0) AS income,
      COALESCE(SUM(c.amount) FILTER (WHERE c.account = 'integral'), 0) AS integral
    FROM agents a LEFT JOIN account_changes c ON c.agent_id = a.id GROUP BY a.id`);
  const broken = balances.rows.filter((r) => Number(r.last_store) !== Number(r.store) || Number(r.last_store) < 0);
  const paid = (await db.query(`SELECT count(*) AS n, COALESCE(sum(actual_money), 0) AS fen FROM orders o WHERE o.create_agent_id = $1 AND o.pay_state = 1 AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.single_prod_id = $2)`, [agentId, single])).rows[0];
  const storeNow = Number((await db.query('SELECT last_store FROM agents WHERE id = $1', [agentId])).rows[0].last_store);
  const paidByClient = storm.paid + (first.ok ? 1 : 0);
  check('ledger: every goods fund equals its records, none negative', broken.length === 0, `${balances.rows.length} agents${broken.length ? `, broken: ${JSON.stringify(broken.slice(0, 3))}` : ''}`);
  check(
    'ledger: the goods fund fell by exactly the paid orders; every payment the client saw succeed is there',
    storeBefore - storeNow === Number(paid.fen) && Number(paid.n) >= paidByClient && Number(paid.n) - paidByClient <= storm.failed.length,
    `${paid.n} paid orders (${paidByClient} seen by the client), ${storeBefore - storeNow} fen taken = ${paid.fen} fen of orders`,
  );
}

let failedToRun = null;
let skipped = false;
try {
  await main();
} catch (err) {
  failedToRun = err;
  check('the deployment check ran to its end', false, err instanceof Error ? err.message : String(err));
} finally {
  for (const c of cleanups) {
    try {
      await c();
    } catch {
      // best effort
    }
  }
}
if (skipped) process.exit(0);
const failed = results.filter((r) => !r.ok).length;
console.log(`\ndeploy check: ${results.length - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed || failedToRun ? 1 : 0);
