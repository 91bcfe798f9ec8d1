// Withdrawals and transfers per second by 20 concurrent agents, over real HTTP, on SQLite and on PostgreSQL
// (a throwaway cluster when initdb/pg_ctl are there), with the ledger invariants checked after the run (ADR 0017).
// Each agent loops: withdraw 100.00 (fee 0.60 by the demo rule), then transfer 1.00 to its partner, who transfers
// to it at the same time (A→B and B→A together: the fixed lock order is what keeps PostgreSQL free of deadlocks).
// Bounded by BENCH_SECONDS (default 8) and BENCH_MAX_OPS per agent (default 2000).
// Run: npx tsx bench/funds-throughput.ts   (npm run bench calls it)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/open.js';
import { systemClock } from '../apps/api/src/lib/clock.js';
import { createLogger } from '../apps/api/src/lib/logger.js';
import { hashPassword } from '../apps/api/src/lib/secrets.js';
import { moveBalance } from '../apps/api/src/modules/ledger/ledger.repository.js';
import { createProviders } from '../apps/api/src/providers/index.js';
import { postgresAvailability } from '../apps/api/test/helpers/postgres-availability.js';
import { startCluster } from '../apps/api/test/helpers/postgres-cluster.js';

const AGENTS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const MAX_OPS = Number(process.env.BENCH_MAX_OPS ?? 2000);
const START_FEN = 100_000_000; // 1,000,000.00 of total score each
const WITHDRAW = '100.00';
const TRANSFER = '1.00';

type Reply = { errorType: string; msg: string; obj: any; objs?: any[]; accessToken?: string };

async function run(label: string, url: string) {
  const db = await openDatabase(url, { seedDemo: true, platId: 'plat-demo' });
  const k = db.kysely;
  const now = new Date().toISOString();
  const grade = await k.selectFrom('grades').select('id').orderBy('grade_level', 'desc').executeTakeFirstOrThrow();
  const hash = await hashPassword('bench1234');
  const payHash = await hashPassword('135790'); // withdrawals and transfers ask for the pay password (spec 3 §6, §7)
  const phones = Array.from({ length: AGENTS }, (_, i) => `1360000${String(i).padStart(4, '0')}`);
  await k.transaction().execute(async (trx) => {
    for (const phone of phones) {
      const { id } = await trx
        .insertInto('agents')
        .values({ plat_id: 'plat-demo', phone, agent_name: `压测${phone.slice(-2)}`, agent_code: `F${phone}`, password_hash: hash, pay_password_hash: payHash, grade_id: Number(grade.id), agent_type: 1, agent_status: 1, is_need_bond_status: 0, is_active: 1, inviter_id: null, head_img_url: '', open_id: null, last_store: 0, lave_income: 0, lave_integral: 0, bond_money: 0, frozen_store: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moveBalance(trx, { platId: 'plat-demo', agentId: Number(id), account: 'totalScore', amount: START_FEN, changeState: 11, orderCode: null, remark: '压测总分', at: now });
    }
  });

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
    return (await res.json()) as Reply;
  };

  // Each agent logs in and adds the collection account its withdrawals are paid to, through the screens' calls.
  const sessions: { token: string; accountId: number; phone: string }[] = [];
  for (const phone of phones) {
    const login = await post('/api/home/newLogin.do', { suAccount: phone, suPassword: 'bench1234' });
    const token = login.accessToken!;
    const banks = await post('/api/base/selectBaseWithdrawCashBank.do', {}, token);
    const account = await post('/api/base/saveAccount.do', { bankDicId: banks.objs![0].bankDicId, subBankName: '压测支行', accountName: '压测', accountNumber: `6222${phone}`, isDefault: 1 }, token);
    if (account.errorType !== 'SUCCESS') throw new Error(`saveAccount: ${account.msg}`);
    sessions.push({ token, accountId: account.obj.id, phone });
  }

  let withdrawals = 0;
  let transfers = 0;
  const refusals = new Map<string, number>();
  const refuse = (msg: string) => refusals.set(msg, (refusals.get(msg) ?? 0) + 1);
  const stopAt = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    sessions.map(async (s, i) => {
      const partner = sessions[i ^ 1]!;
      for (let n = 0; n < MAX_OPS && Date.now() < stopAt; n++) {
        const w = await post('/api/agentAccount/saveAgentWithdrawCashApply.do', { bondMoney: WITHDRAW, accountId: s.accountId, payPassword: '135790', idempotencyKey: crypto.randomUUID() }, s.token);
        if (w.errorType === 'SUCCESS') withdrawals++;
        else refuse(`withdraw: ${w.msg}`);
        const t = await post('/api/agentAccount/saveAgentWithdrawOut.do', { toAgentPhone: partner.phone, rechargeMoney: TRANSFER, transferType: 1, payPassword: '135790', idempotencyKey: crypto.randomUUID() }, s.token);
        if (t.errorType === 'SUCCESS') transfers++;
        else refuse(`transfer: ${t.msg}`);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await app.close();

  // Invariants: each balance equals the sum of its records and none is negative; the total score plus what is
  // withdrawing is what there was (a withdrawal moves the amount, fee included, into withdrawing; a transfer moves
  // it between agents); the rows match the successes.
  const ids = (await k.selectFrom('agents').select('id').where('phone', 'in', phones).execute()).map((a) => Number(a.id));
  const agents = await k.selectFrom('agents').select(['id', 'lave_income', 'apply_income']).where('id', 'in', ids).execute();
  const sums = await k
    .selectFrom('account_changes')
    .select(['agent_id', 'account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('agent_id', 'in', ids)
    .where('account', 'in', ['income', 'apply'])
    .groupBy(['agent_id', 'account'])
    .execute();
  const sumOf = (id: number, account: string) => Number(sums.find((x) => Number(x.agent_id) === id && x.account === account)?.total ?? 0);
  const ledgerOk = agents.every((a) => {
    const id = Number(a.id);
    return Number(a.lave_income) === sumOf(id, 'income') && Number(a.apply_income) === sumOf(id, 'apply') && Number(a.lave_income) >= 0 && Number(a.apply_income) >= 0;
  });
  const held = agents.reduce((n, a) => n + Number(a.lave_income) + Number(a.apply_income), 0);
  const conservedOk = held === AGENTS * START_FEN;
  const wRows = await k.selectFrom('withdrawals').select((eb) => eb.fn.countAll<number>().as('n')).where('agent_id', 'in', ids).executeTakeFirstOrThrow();
  const tRows = await k.selectFrom('transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('from_agent_id', 'in', ids).executeTakeFirstOrThrow();
  const rowsOk = Number(wRows.n) === withdrawals && Number(tRows.n) === transfers;
  await db.close();

  const wRate = withdrawals / elapsed;
  const tRate = transfers / elapsed;
  const failures = [...refusals.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${label}: ${withdrawals} withdrawals + ${transfers} transfers in ${elapsed.toFixed(1)} s by ${AGENTS} agents = ${wRate.toFixed(0)} withdrawals/s + ${tRate.toFixed(0)} transfers/s ` +
      `(${failures} refused${failures ? `: ${JSON.stringify(Object.fromEntries(refusals))}` : ''}); ledger ${ledgerOk ? 'ok' : 'BROKEN'}, sums ${conservedOk ? 'ok' : 'BROKEN'}, rows ${rowsOk ? 'ok' : 'BROKEN'}`,
  );
  return { withdrawRate: wRate, transferRate: tRate, ok: ledgerOk && conservedOk && rowsOk && failures === 0 };
}

const results: { label: string; withdrawRate: number; transferRate: number; ok: boolean }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-funds-'));
results.push({ label: 'SQLite', ...(await run('SQLite', `sqlite:${join(dir, 'funds.db')}`)) });
const pg = postgresAvailability();
if (pg.available && pg.mode === 'cluster') {
  const cluster = await startCluster(pg.tools);
  try {
    results.push({ label: 'PostgreSQL', ...(await run('PostgreSQL (throwaway cluster, fsync off)', cluster.url)) });
  } finally {
    cluster.stop();
  }
} else {
  console.log(`PostgreSQL: skipped (${pg.reason})`);
}
console.log(`BENCH_FUNDS ${JSON.stringify(results)}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
