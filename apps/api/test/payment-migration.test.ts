import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, inject } from 'vitest';
import { connect, type Db } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { foundation } from '../src/db/migrations/001-foundation.js';
import { shopping } from '../src/db/migrations/002-shopping.js';
import { addresses } from '../src/db/migrations/003-addresses.js';
import { ordersPayment } from '../src/db/migrations/004-orders-payment.js';
import { wechatReservations } from '../src/db/migrations/010-wechat-reservations.js';
import { testDbKind } from './helpers/postgres-availability.js';

/** A database in the shape before the payment wing (migrations 001-004), on the suite's database kind. */
async function oldShapeDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  let url = 'sqlite::memory:';
  let drop = async (): Promise<void> => {};
  if (testDbKind() === 'postgres') {
    const admin = inject('pgAdminUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const run = async (statement: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(statement).finally(() => c.end());
    };
    await run(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = () => run(`DROP DATABASE IF EXISTS ${name}`);
  }
  const db = await connect(url);
  const old = { '001-foundation': foundation(db.dialect), '002-shopping': shopping(db.dialect), '003-addresses': addresses(db.dialect), '004-orders-payment': ordersPayment(db.dialect) };
  const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => old } }).migrateToLatest();
  if (error) throw error;
  return { db, drop };
}

const AT = '2026-11-20T02:00:00.000Z';
let opened: { db: Db; drop: () => Promise<void> } | null = null;
afterEach(async () => {
  await opened?.db.close();
  await opened?.drop();
  opened = null;
});

/** What the old flow left: an agent, one order and its WeChat payments with the ledger records they wrote. */
async function oldShop(k: Kysely<any>, o: { state: number; goodsPayMoney: number; payments: { goods: number; state: number }[]; fund: number }) {
  const grade = await k.insertInto('grades').values({ plat_id: 'p', grade_name: '一级', grade_level: 1, created_at: AT }).returning('id').executeTakeFirstOrThrow();
  const agent = await k
    .insertInto('agents')
    .values({ plat_id: 'p', phone: '13800000009', agent_name: '张明', agent_code: 'A9', password_hash: 'x', grade_id: grade.id, created_at: AT, last_store: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const agentId = Number(agent.id);
  let balance = 0;
  const record = async (amount: number, changeState: number, orderCode: string | null) => {
    balance += amount;
    await k.updateTable('agents').set({ last_store: balance }).where('id', '=', agentId).execute();
    await k
      .insertInto('account_changes')
      .values({ plat_id: 'p', agent_id: agentId, account: 'store', amount, balance_after: balance, change_state: changeState, order_code: orderCode, remark: '', created_at: AT })
      .execute();
  };
  await record(o.fund, 1, null);
  const order = await k
    .insertInto('orders')
    .values({
      plat_id: 'p', order_code: 'DD1', order_type: 1, pay_type: 2, circulation_state: o.state, total_money: 25_000, post_money: 0, all_money: 25_000,
      actual_money: 25_000, goods_pay_money: o.goodsPayMoney, create_agent_id: agentId, create_agent_name: '张明', create_agent_tel: '13800000009',
      create_agent_code: 'A9', receiver_name: '张明', receiver_phone: '13800000009', receiver_province: '北京市', receive_county_id: '110101',
      receiver_address: '测试路1号', created_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, p] of o.payments.entries()) {
    await k
      .insertInto('wechat_payments')
      .values({ plat_id: 'p', order_id: order.id, agent_id: agentId, out_trade_no: `DD1000${i}`, amount: 25_000 - p.goods, goods_part: p.goods, state: p.state, created_at: AT, expires_at: AT })
      .execute();
    if (p.goods > 0) await record(-p.goods, 22, 'DD1');
  }
  return { agentId, orderId: Number(order.id) };
}

const storeRecords = (k: Kysely<any>) =>
  k.selectFrom('account_changes').select(['amount', 'change_state']).where('order_code', '=', 'DD1').where('account', '=', 'store').orderBy('id').execute();
const fund = async (k: Kysely<any>, agentId: number) => Number((await k.selectFrom('agents').select('last_store').where('id', '=', agentId).executeTakeFirstOrThrow()).last_store);

describe('migration 010: reservations lost by the old WeChat flow are given back once', () => {
  it('a restarted payment left two open (defect 1): the duplicate 005 closes gives its 100.00 back; the open one holds nothing', async () => {
    opened = await oldShapeDatabase();
    const k = opened.db.kysely as Kysely<any>;
    // The worked example: 100.00 in the goods fund, reserved by the first start; the second found 0.00 to reserve.
    const { agentId, orderId } = await oldShop(k, { state: 1, goodsPayMoney: 0, fund: 10_000, payments: [{ goods: 10_000, state: 0 }, { goods: 0, state: 0 }] });
    expect(await fund(k, agentId)).toBe(0);
    await migrateToLatest(opened.db);
    const payments = await k.selectFrom('wechat_payments').select(['state', 'goods_part']).where('subject_id', '=', orderId).orderBy('id').execute();
    expect(payments).toEqual([{ state: 2, goods_part: 10_000 }, { state: 0, goods_part: 0 }]);
    expect(await storeRecords(k)).toEqual([{ amount: -10_000, change_state: 22 }, { amount: 10_000, change_state: 15 }]);
    expect(await fund(k, agentId)).toBe(10_000);
  });

  it('two starts at once reserved twice (defect 2): the duplicate gives its part back, the open one keeps what the order shows', async () => {
    opened = await oldShapeDatabase();
    const k = opened.db.kysely as Kysely<any>;
    const { agentId, orderId } = await oldShop(k, { state: 1, goodsPayMoney: 10_000, fund: 20_000, payments: [{ goods: 10_000, state: 0 }, { goods: 10_000, state: 0 }] });
    await migrateToLatest(opened.db);
    expect(await storeRecords(k)).toEqual([{ amount: -10_000, change_state: 22 }, { amount: -10_000, change_state: 22 }, { amount: 10_000, change_state: 15 }]);
    expect(await fund(k, agentId)).toBe(10_000);
    await wechatReservations().up(k); // run again: nothing more to give
    expect(await storeRecords(k)).toHaveLength(3);
    expect((await k.selectFrom('orders').select('goods_pay_money').where('id', '=', orderId).executeTakeFirstOrThrow()).goods_pay_money).toBe(10_000);
  });

  it('a closed order whose old close gave back only the last reservation gets the rest, and its open payment holds nothing more', async () => {
    opened = await oldShapeDatabase();
    const k = opened.db.kysely as Kysely<any>;
    const { agentId, orderId } = await oldShop(k, { state: 7, goodsPayMoney: 10_000, fund: 20_000, payments: [{ goods: 10_000, state: 0 }, { goods: 10_000, state: 0 }] });
    // The old close gave back what the order said it held.
    const balance = await fund(k, agentId);
    await k.updateTable('agents').set({ last_store: balance + 10_000 }).where('id', '=', agentId).execute();
    await k.insertInto('account_changes').values({ plat_id: 'p', agent_id: agentId, account: 'store', amount: 10_000, balance_after: balance + 10_000, change_state: 15, order_code: 'DD1', remark: '', created_at: AT }).execute();
    await migrateToLatest(opened.db);
    expect(await fund(k, agentId)).toBe(20_000);
    expect((await storeRecords(k)).reduce((s, r) => s + r.amount, 0)).toBe(0);
    const open = await k.selectFrom('wechat_payments').select(['goods_part']).where('subject_id', '=', orderId).where('state', '=', 0).execute();
    expect(open).toEqual([{ goods_part: 0 }]);
  });

  it('an order whose records match what it holds is left alone', async () => {
    opened = await oldShapeDatabase();
    const k = opened.db.kysely as Kysely<any>;
    const { agentId } = await oldShop(k, { state: 3, goodsPayMoney: 10_000, fund: 10_000, payments: [{ goods: 10_000, state: 1 }] });
    await migrateToLatest(opened.db);
    expect(await storeRecords(k)).toEqual([{ amount: -10_000, change_state: 22 }]);
    expect(await fund(k, agentId)).toBe(0);
  });
});
