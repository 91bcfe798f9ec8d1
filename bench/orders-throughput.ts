// Orders created and paid per second by 20 concurrent agents, over real HTTP, on SQLite and on PostgreSQL
// (a throwaway cluster when initdb/pg_ctl are there), with the money and stock invariants checked after the run.
// Run: npx tsx bench/orders-throughput.ts   (npm run bench calls it)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createLogger } from '../apps/api/src/lib/logger.js';
import { hashPassword, verifyPassword } from '../apps/api/src/lib/secrets.js';
import { moveBalance } from '../apps/api/src/modules/ledger/ledger.repository.js';
import { createProviders } from '../apps/api/src/providers/index.js';
import { postgresAvailability } from '../apps/api/test/helpers/postgres-availability.js';
import { startCluster } from '../apps/api/test/helpers/postgres-cluster.js';
import { installSqlCounter, takeSqlCount } from './sql-counter.js';
import { pgbenchTps } from './pgbench.js';

installSqlCounter();

const AGENTS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PRICE = 1_000; // 10.00
const STOCK = 1_000_000;

async function run(label: string, url: string) {
  const db = await openDatabase(url, { seedDemo: true, platId: 'plat-demo' });
  const k = db.kysely;
  const now = new Date().toISOString();
  const grade = await k.selectFrom('grades').select('id').orderBy('grade_level', 'desc').executeTakeFirstOrThrow();
  const hash = await hashPassword('bench1234');
  const payHash = await hashPassword('135790'); // payments from the goods fund ask for the pay password
  const phones = Array.from({ length: AGENTS }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
  await k.transaction().execute(async (trx) => {
    for (const phone of phones) {
      const { id } = await trx
        .insertInto('agents')
        .values({ plat_id: 'plat-demo', phone, agent_name: `压测${phone.slice(-2)}`, agent_code: `B${phone}`, password_hash: hash, pay_password_hash: payHash, grade_id: Number(grade.id), agent_type: 1, agent_status: 1, is_need_bond_status: 0, is_active: 1, inviter_id: null, head_img_url: '', open_id: null, last_store: 0, lave_income: 0, lave_integral: 0, bond_money: 0, frozen_store: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveBalance(trx, { platId: 'plat-demo', agentId: Number(id), account: 'store', amount: 100_000_000, changeState: 12, orderCode: null, remark: '压测充值', at: now });
    }
  });
  const product = await k.insertInto('products').values({ plat_id: 'plat-demo', prod_type: 1, prod_name: '压测商品', created_at: now }).returning('id').executeTakeFirstOrThrow();
  const single = await k.insertInto('single_products').values({ plat_id: 'plat-demo', product_id: Number(product.id), spec_disp_str: '标准装', price: PRICE * 2, virtual_num: STOCK, weight: 300 }).returning('id').executeTakeFirstOrThrow();
  await k.insertInto('grade_prices').values({ single_prod_id: Number(single.id), grade_id: Number(grade.id), final_price: PRICE }).execute();
  await k.deleteFrom('grade_gifts').execute();

  const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '100', UPLOAD_DIR: join(tmpdir(), 'bench-uploads'), WEB_DIST: '/nonexistent' });
  const app = await buildApp({ config, db, providers: createProviders(config), clock: systemClock, log: createLogger({ enabled: false }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const post = async (path: string, payload: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { accessToken: token } : {}) },
      body: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }),
    });
    return (await res.json()) as { errorType: string; msg: string; obj: any; accessToken?: string };
  };

  const sessions = [];
  for (const phone of phones) {
    const login = await post('/api/home/newLogin.do', { suAccount: phone, suPassword: 'bench1234' });
    const token = login.accessToken!;
    const address = await post('/api/order/saveOrderLogisticsAddress.do', { receiverNmae: '压测', receiverPhone: phone, provinceCode: '110000', cityCode: '110100', districtCode: '110101', address: '压测路1号', isDefAddr: 1 }, token);
    sessions.push({ token, addressId: address.obj.id as number });
  }

  // Statements (SQLite) or round trips (PostgreSQL) per order created and per payment: one agent, one at a time.
  const PROBE = 10;
  let createSql = 0;
  let paySql = 0;
  for (let i = 0; i < PROBE; i++) {
    const s = sessions[0]!;
    takeSqlCount();
    if (process.env.BENCH_SQL_TRACE === '1') console.log('TRACE create');
    const order = await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 1, addressId: s.addressId, orderProductDetailBos: [{ singleProdId: Number(single.id), buyNum: 1 }], idempotencyKey: crypto.randomUUID() }, s.token);
    createSql += takeSqlCount();
    if (process.env.BENCH_SQL_TRACE === '1') console.log('TRACE pay');    const paid = await post('/api/order/orderPayment.do', { id: order.obj.id, payType: 1, payPassword: '135790', idempotencyKey: crypto.randomUUID() }, s.token);
    paySql += takeSqlCount();
    if (process.env.BENCH_SQL_TRACE === '1') console.log('TRACE end');    if (paid.errorType !== 'SUCCESS') throw new Error(`probe payment: ${paid.msg}`);
  }
  const perOrder = { create: createSql / PROBE, pay: paySql / PROBE };
  console.log(`${label}: ${url.startsWith('sqlite') ? 'SQL statements' : 'round trips'} per order: created ${perOrder.create.toFixed(1)}, paid ${perOrder.pay.toFixed(1)}, together ${(perOrder.create + perOrder.pay).toFixed(1)}`);

  let done = PROBE;
  let failures = 0;
  const refusals = new Map<string, number>();
  const refuse = (msg: string) => {
    failures++;
    refusals.set(msg, (refusals.get(msg) ?? 0) + 1);
  };
  const stopAt = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const timedFrom = done;
  await Promise.all(
    sessions.map(async (s) => {
      while (Date.now() < stopAt) {
        const order = await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 1, addressId: s.addressId, orderProductDetailBos: [{ singleProdId: Number(single.id), buyNum: 1 }], idempotencyKey: crypto.randomUUID() }, s.token);
        if (order.errorType !== 'SUCCESS') {
          refuse(`order: ${order.msg}`);
          continue;
        }
        const paid = await post('/api/order/orderPayment.do', { id: order.obj.id, payType: 1, payPassword: '135790', idempotencyKey: crypto.randomUUID() }, s.token);
        if (paid.errorType === 'SUCCESS') done++;
        else refuse(`payment: ${paid.msg}`);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await app.close();
  const argon = await argonCeiling(payHash);

  // Invariants: every balance equals its records and none is negative; stock + units sold = what there was.
  const agents = await k.selectFrom('agents').select(['id', 'last_store']).execute();
  const sums = await k.selectFrom('account_changes').select(['agent_id', (eb) => eb.fn.sum<number>('amount').as('total')]).where('account', '=', 'store').groupBy('agent_id').execute();
  const ledgerOk = agents.every((a) => Number(a.last_store) === Number(sums.find((x) => Number(x.agent_id) === Number(a.id))?.total ?? 0) && Number(a.last_store) >= 0);
  const left = await k.selectFrom('single_products').select('virtual_num').where('id', '=', Number(single.id)).executeTakeFirstOrThrow();
  const sold = await k.selectFrom('order_lines').select((eb) => eb.fn.sum<number>('buy_num').as('n')).where('single_prod_id', '=', Number(single.id)).executeTakeFirstOrThrow();
  const paidOrders = await k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('circulation_state', '=', 3).executeTakeFirstOrThrow();
  const stockOk = left.virtual_num + Number(sold.n ?? 0) === STOCK && left.virtual_num >= 0;
  const paidOk = Number(paidOrders.n) === done;
  await db.close();
  const rate = (done - timedFrom) / elapsed;
  // Every payment from the goods fund verifies the pay password with argon2id (OWASP minimum m=19 MiB, t=2, p=1):
  // with 20 agents at once, these verifies alone bound paid orders/s; the share is that bound's use by the run.
  console.log(`${label}: argon2id pay-password check ${argon.serialMs.toFixed(1)} ms alone, ${argon.parallelPerSecond.toFixed(0)}/s with ${AGENTS} at once on this machine now; it alone takes ~${Math.round((100 * rate) / argon.parallelPerSecond)}% of the run's CPU capacity`);
  console.log(`${label}: ${done} orders created and paid in ${elapsed.toFixed(1)} s by ${AGENTS} agents = ${rate.toFixed(0)}/s (${failures} refused${failures ? `: ${JSON.stringify(Object.fromEntries(refusals))}` : ''}); ledger ${ledgerOk ? 'ok' : 'BROKEN'}, stock ${stockOk ? 'ok' : 'BROKEN'}, paid orders ${paidOk ? 'ok' : 'BROKEN'}`);
  return { rate, perOrder, argon2PerSecond: argon.parallelPerSecond, ok: ledgerOk && stockOk && paidOk && failures === 0 };
}

/** What the payment's argon2 verify costs here and now: one alone, and how many finish per second 20 at a time. */
async function argonCeiling(hash: string) {
  let t = performance.now();
  for (let i = 0; i < 5; i++) await verifyPassword(hash, '135790');
  const serialMs = (performance.now() - t) / 5;
  t = performance.now();
  const n = AGENTS * 3;
  for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: AGENTS }, () => verifyPassword(hash, '135790')));
  return { serialMs, parallelPerSecond: n / ((performance.now() - t) / 1000) };
}

const results: { label: string; rate: number; ok: boolean; perOrder?: { create: number; pay: number }; argon2PerSecond?: number; pgbenchTps?: number; ratio?: number }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
results.push({ label: 'SQLite', ...(await run('SQLite', `sqlite:${join(dir, 'orders.db')}`)) });
const pg = postgresAvailability();
if (pg.available && pg.mode === 'cluster') {
  const cluster = await startCluster(pg.tools);
  try {
    const r = await run('PostgreSQL (throwaway cluster, fsync off)', cluster.url);
    // The same cluster's TPC-B (pgbench, 20 clients): paid orders per second ÷ its transactions per second.
    const tps = await pgbenchTps(cluster.port, SECONDS);
    const ratio = tps ? r.rate / tps : undefined;
    console.log(tps ? `pgbench TPC-B, 20 clients, same cluster: ${tps.toFixed(0)} tps; paid orders/s ÷ tps = ${ratio!.toFixed(3)} (target >= 0.06)` : 'pgbench: not found, ratio skipped');
    results.push({ label: 'PostgreSQL', ...r, pgbenchTps: tps, ratio });
  } finally {
    cluster.stop();
  }
} else {
  console.log(`PostgreSQL: skipped (${pg.reason})`);
}
console.log(`BENCH_ORDERS ${JSON.stringify(results)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
