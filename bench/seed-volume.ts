// npm run seed:volume [-- --orders 1000000 --seed 21 --fresh]   (--fresh: empty the database first)
// Realistic volume on PostgreSQL (issue: a million orders): agents in a real invitation tree (one tenth of the orders),
// orders with lines, WeChat payments and parcels, the ledger's change records with balances that match them (both
// ledger invariants of ARCHITECTURE's data rules hold), sign-in points and chat history. Everything is generated inside
// the server (INSERT … SELECT over generate_series) from a fixed seed: the same arguments give the same rows, dated
// relative to the day it runs (the dashboard's "today" and the last 30 days have data).
// The database: VOLUME_DATABASE_URL, or a cluster kept in VOLUME_DIR (bench/volume-cluster.ts).
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/open.js';
import { hashPassword } from '../apps/api/src/lib/secrets.js';
import { connect } from '../apps/api/src/db/connect.js';
import { rebuildPerformanceMonths } from '../apps/api/src/db/migrations/036-performance-rollup.js';
import { volumeUrl } from './volume-cluster.js';
import { ledgerBreaches } from './volume-invariants.js';

export const VOLUME_PASSWORD = 'vol12345';
export const VOLUME_PHONE_PREFIX = '15'; // agent i: '15' + i padded to 9 digits

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ORDERS = arg('orders', 1_000_000);
const SEED = arg('seed', 21);
const AGENTS = Math.max(100, Math.round(ORDERS / 10));
const DAY = 86_400_000;

export async function seedVolume(url: string, orders = ORDERS, seed = SEED) {
  const agents = Math.max(100, Math.round(orders / 10));
  const started = Date.now();
  if (process.argv.includes('--fresh')) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('drop schema public cascade; create schema public');
    await c.end();
  }
  const db = await openDatabase(url, { seedDemo: true, platId: 'plat-demo' });
  await db.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = Date.now();
    const r = await client.query(text, values);
    console.log(`  ${label.padEnd(34)} ${String(r.rowCount ?? '').padStart(9)} rows  ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const already = await client.query(`select count(*)::int as n from agents where agent_code like 'V%'`);
  if (already.rows[0].n > 0) {
    console.log(`volume data already there (${already.rows[0].n} agents): run with a fresh database`);
    await client.end();
    return;
  }
  // This minute: every date below counts back from it, so the data keeps a recent tail (today, the last 30 days).
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const hash = await hashPassword(VOLUME_PASSWORD);
  const base = await client.query(`select coalesce(max(id),0)::bigint as a from agents`);
  const orderBase = await client.query(`select coalesce(max(id),0)::bigint as o from orders`);
  const aBase = Number(base.rows[0].a);
  const oBase = Number(orderBase.rows[0].o);
  await client.query(`set work_mem = '256MB'`);
  await client.query('begin');
  // rnd(n, salt): a fixed pseudo-random number in [0, 1) from the row number, the salt and the seed.
  await client.query(`create function pg_temp.rnd(n bigint, s int) returns float8 language sql immutable as
    $$ select (hashint8(n * 131 + s * 7919 + ${seed}) & 2147483647)::float8 / 2147483648.0 $$`);
  await client.query(`create function pg_temp.ts(ms float8) returns text language sql immutable as
    $$ select to_char(to_timestamp(ms / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$`);
  await client.query(`create temp table g on commit drop as select id, row_number() over (order by id) - 1 as k from grades where plat_id = 'plat-demo'`);
  await client.query(`create temp table sp on commit drop as
    select s.id, s.product_id, s.spec_disp_str, s.price, s.weight, p.prod_name, row_number() over (order by s.id) - 1 as k
    from single_products s join products p on p.id = s.product_id where s.plat_id = 'plat-demo'`);
  const aSpan = 370 * DAY; // agents join over the year before the last 30 days
  const a0 = now.getTime() - 400 * DAY;
  const o0 = now.getTime() - 365 * DAY;
  const oSpan = 365 * DAY - 10 * 60_000; // the newest order is ten minutes old
  console.log(`seeding ${agents} agents and ${orders} orders (seed ${seed}) into ${url.replace(/\/\/[^@]*@/, '//')}`);

  // Agents: i joins at a0 + i/N of the span; its inviter is an earlier agent, the early ones far more often (a tree
  // with a few big networks and many small ones, as a real one).
  await step(
    'agents',
    `insert into agents (id, plat_id, phone, agent_name, agent_code, password_hash, grade_id, agent_type, agent_status, is_active, inviter_id, created_at)
     select $1::bigint + i, 'plat-demo', '${VOLUME_PHONE_PREFIX}' || lpad(i::text, 9, '0'), '代理' || i, 'V' || i, $2, (select id from g where k = floor(pg_temp.rnd(i, 1) * (select count(*) from g))),
            1, 1, 1, case when i = 1 then null else $1::bigint + 1 + floor(power(pg_temp.rnd(i, 2), 2) * (i - 1))::bigint end,
            to_char(to_timestamp(($3::float8 + i::float8 / $4 * $5) / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     from generate_series(1, $4::bigint) i`,
    [aBase, hash, a0, agents, aSpan],
  );

  // Orders: the n-th at o0 + n/N of the span, by an agent who had joined by then (the early agents buy more).
  // State by age: the last 20 minutes may be unpaid, the last 15 days are in flight, older ones are done or closed.
  // 1 to 3 lines each of the demo catalogue; the order's money is the sum of its lines (the same formulas below).
  const line = (col: string) => `(select ${col} from sp where sp.k = floor(pg_temp.rnd(n * 4 + j, 8) * (select count(*) from sp)))`;
  const buyNum = `(1 + floor(pg_temp.rnd(n * 4 + j, 9) * 3))::int`;
  const lineCount = `(1 + floor(pg_temp.rnd(n, 7) * 3))::int`;
  await step(
    'orders',
    `with o as (
       select n, $3::float8 + n::float8 / $4 * $5 as t,
              greatest(1, floor(power(pg_temp.rnd(n, 3), 2) * least($6::float8, ($3::float8 + n::float8 / $4 * $5 - $7) / $8 * $6))::bigint) as a,
              pg_temp.rnd(n, 4) as r, pg_temp.rnd(n, 5) as w,
              (select sum(${line('sp.price')} * ${buyNum}) from generate_series(1, ${lineCount}) j)::bigint as money
       from generate_series(1, $4::bigint) n
     ), s as (
       select o.*, case
           when $9::float8 - t < 20 * 60000 and r < 0.5 then 1
           when $9::float8 - t < 15 * 86400000 then case when r < 0.05 then 6 when r < 0.35 then 3 when r < 0.75 then 4 else 5 end
           else case when r < 0.04 then 6 when r < 0.06 then 7 else 5 end end as st,
         case when w < 0.2 then 6 else 1 end as pt
       from o
     )
     insert into orders (id, plat_id, order_code, order_type, pay_type, circulation_state, pay_state, close_state, total_money, post_money, all_money, actual_money,
       goods_pay_money, create_agent_id, create_agent_name, create_agent_tel, create_agent_code, receiver_name, receiver_phone, receiver_province, receiver_city,
       receiver_county, receive_county_id, receiver_address, created_at, pay_date, pay_deadline, close_date, close_reason, send_state, send_date, receipt_date)
     select $1::bigint + n, 'plat-demo', 'VO' || lpad(n::text, 10, '0'), 1, pt, st, case when st in (3,4,5) then 1 else 0 end, case when st in (6,7) then 1 else 0 end,
       money, 0, money, money, case when pt = 1 and st in (3,4,5) then money else 0 end,
       $2::bigint + a, '代理' || a, '${VOLUME_PHONE_PREFIX}' || lpad(a::text, 9, '0'), 'V' || a, '收货人' || (n % 97), '139' || lpad((n % 100000000)::text, 8, '0'), '北京市', '北京市',
       '东城区', '110101', '体量路' || (n % 1000) || '号', pg_temp.ts(t), case when st in (3,4,5) then pg_temp.ts(t + 60000) end, pg_temp.ts(t + 1800000),
       case when st in (6,7) then pg_temp.ts(t + 1800000) end, case when st = 6 then '不想要了' when st = 7 then '超时未支付' end,
       case when st in (4,5) then 1 else 0 end, case when st in (4,5) then pg_temp.ts(t + 86400000) end, case when st = 5 then pg_temp.ts(t + 4 * 86400000) end
     from s`,
    [oBase, aBase, o0, orders, oSpan, agents, a0, aSpan, now.getTime()],
  );
  await step(
    'order lines',
    `insert into order_lines (order_id, prod_id, single_prod_id, prod_name, spec_disp_str, weight, buy_num, prod_old_price, prod_price, prod_deal_price, prod_all_money)
     select $1::bigint + n, sp.product_id, sp.id, sp.prod_name, sp.spec_disp_str, sp.weight, ${buyNum}, sp.price, sp.price, sp.price, sp.price * ${buyNum}
     from generate_series(1, $2::bigint) n, generate_series(1, ${lineCount}) j, sp
     where sp.k = floor(pg_temp.rnd(n * 4 + j, 8) * (select count(*) from sp))
     order by n, j`,
    [oBase, orders],
  );
  await step(
    'WeChat payments',
    `insert into wechat_payments (plat_id, agent_id, out_trade_no, amount, goods_part, state, prepay_id, transaction_id, created_at, expires_at, paid_at, subject_kind, subject_id)
     select plat_id, create_agent_id, 'VW' || substr(order_code, 3), actual_money, actual_money, 1, 'wx' || id, '42' || lpad(id::text, 16, '0'), created_at, pay_deadline, pay_date, 'order', id
     from orders where id > $1 and pay_type = 6 and circulation_state in (3,4,5) order by id`,
    [oBase],
  );
  await step(
    'parcels',
    `insert into order_parcels (order_id, logistics_name, shipper_code, waybill_code, created_at)
     select id, '顺丰速运', 'SF', 'SF' || lpad((id - $1)::text, 12, '0'), send_date from orders where id > $1 and circulation_state in (4,5) order by id`,
    [oBase],
  );
  await step(
    'order logs',
    `insert into order_logs (order_id, order_state, opt_name, opt_by, created_at)
     select id, 1, '提交订单', create_agent_name, created_at from orders where id > $1 order by id`,
    [oBase],
  );

  // The ledger (spec 3 §9 codes): each agent's opening top-up covers what it pays from the goods fund; each paid order
  // takes the goods fund (22), gives spending points (14) and pays the inviter (13) and the inviter's inviter (14);
  // sign-ins give points (12). balance_after runs per agent and account in time order.
  await step(
    'ledger records',
    `with paid as (
       select o.id, o.order_code, o.create_agent_id as agent, a.inviter_id as up1, u.inviter_id as up2, o.pay_type, o.actual_money as money, o.pay_date as at
       from orders o join agents a on a.id = o.create_agent_id left join agents u on u.id = a.inviter_id
       where o.id > $1 and o.circulation_state in (3,4,5)
     ), r as (
       select a.id as agent, 'store' as account, coalesce(d.debt, 0) + 10000 + floor(pg_temp.rnd(a.id, 10) * 500000)::bigint as amount, 12 as code, null::text as order_code, '充值' as remark, a.created_at as at, 0 as ord
         from agents a left join (select agent, sum(money) as debt from paid where pay_type = 1 group by agent) d on d.agent = a.id where a.id > $2
       union all select agent, 'store', -money, 22, order_code, '购买商品', at, 1 from paid where pay_type = 1
       union all select agent, 'integral', money / 100, 14, order_code, '消费赠送积分', at, 2 from paid where money >= 100
       union all select up1, 'income', money * 5 / 100, 13, order_code, '销售积分收入', at, 3 from paid where up1 is not null
       union all select up2, 'income', money * 2 / 100, 14, order_code, '服务收入', at, 4 from paid where up2 is not null
       union all select a.id, 'integral', 5, 12, null, '签到', pg_temp.ts(extract(epoch from a.created_at::timestamptz) * 1000 + d * 86400000::float8 + 3600000), 5
         from agents a, generate_series(1, 15) d where a.id > $2
     )
     insert into account_changes (plat_id, agent_id, account, amount, balance_after, change_state, order_code, remark, created_at)
     select 'plat-demo', agent, account, amount, sum(amount) over (partition by agent, account order by at, ord, order_code rows unbounded preceding), code, order_code, remark, at
     from r order by at, ord, agent`,
    [oBase, aBase],
  );
  await step(
    'balances from the records',
    `update agents a set last_store = coalesce(s.store, 0), lave_income = coalesce(s.income, 0), lave_integral = coalesce(s.integral, 0)
     from (select agent_id, sum(amount) filter (where account = 'store') as store, sum(amount) filter (where account = 'income') as income,
                  sum(amount) filter (where account = 'integral') as integral
           from account_changes where agent_id > $1 group by agent_id) s
     where a.id = s.agent_id`,
    [aBase],
  );
  // Chat: one agent in ten has talked with the service desk, ten messages each way-and-back.
  await step(
    'chat conversations',
    `insert into chat_conversations (plat_id, agent_id, agent_name, state, created_at)
     select 'plat-demo', id, agent_name, 1, created_at from agents where id > $1 and (id - $1) % 10 = 0 order by id`,
    [aBase],
  );
  await step(
    'chat messages',
    `insert into chat_messages (plat_id, chat_id, agent_id, staff_id, sender, client_msg_id, send_type, msg_type, content, is_reply, created_at)
     select 'plat-demo', c.id, c.agent_id, null, case when m % 2 = 1 then 'a' else 's' || 1 end, 'v' || c.id || '-' || m, case when m % 2 = 1 then 0 else 1 end, 0,
            case when m % 2 = 1 then '请问订单什么时候发货？' else '您好，已为您催促仓库，今天内发出。' end, case when m % 2 = 1 then 1 else 0 end,
            pg_temp.ts(extract(epoch from c.created_at::timestamptz) * 1000 + m * 60000::float8)
     from chat_conversations c, generate_series(1, 10) m where c.agent_id > $1 order by c.id, m`,
    [aBase],
  );
  for (const t of ['agents', 'orders', 'order_lines', 'order_parcels', 'order_logs', 'wechat_payments', 'account_changes', 'chat_conversations', 'chat_messages']) {
    await client.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  }
  await client.query('commit');
  await client.end();
  const check = await connect(url);
  // The rows above bypass the payment flows: the monthly performance rollup (ADR 0045) is built from them, as
  // migration 036 does on a database that had them before it.
  let t = Date.now();
  await rebuildPerformanceMonths(check.kysely, check.dialect);
  console.log(`  ${'performance rollup (ADR 0045)'.padEnd(34)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  await sql`vacuum analyze`.execute(check.kysely);
  console.log(`  ${'vacuum analyze (as autovacuum would have)'.padEnd(34)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  t = Date.now();
  const breaches = await ledgerBreaches(check.kysely);
  await check.close();
  console.log(`ledger invariants: ${breaches.agents} agents and ${breaches.orders} orders break them (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (breaches.agents + breaches.orders > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = volumeUrl({ create: true });
  console.log(`(${AGENTS} agents for ${ORDERS} orders)`);
  await seedVolume(url);
}
