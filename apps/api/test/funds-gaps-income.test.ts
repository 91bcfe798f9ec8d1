import { describe, expect, it } from 'vitest';
import { reviewRecharge, selAgentApiAccountInfo, submitApplicationsForPersonal } from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { addProduct } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, HOUR } from './helpers/time.js';

/**
 * Income from the network (ADR 0017): each upper agent whose grade price is below the lowest price
 * paid under it earns the difference (17), frozen until received + 7 days, released once by the job; an order closed
 * first voids it; an upper agent whose price is not below earns nothing.
 */
const t = useTestApp();
let serial = 0;

/** buyer ← mid ← top (inviter chain) on grades 0, 1, 2, with the product priced per grade. */
async function chain(prices: { buyer: number; mid: number; top: number }) {
  const top = await freshAgent(t, { status: 1, gradeIndex: 2 });
  const mid = await freshAgent(t, { status: 1, gradeIndex: 1, inviterPhone: top.phone });
  const buyer = await freshAgent(t, { status: 1, gradeIndex: 0, inviterPhone: mid.phone });
  const p = await addProduct(t, { stock: 100, finalPrice: prices.buyer });
  const grades = top.grades.map((g) => Number(g.id));
  const price = (i: number, fen: number) =>
    t.db.kysely.updateTable('grade_prices').set({ final_price: fen }).where('single_prod_id', '=', p.singleProdId).where('grade_id', '=', grades[i]!).execute();
  await price(1, prices.mid);
  await price(2, prices.top);
  return { top, mid, buyer, p };
}

/** A paid ordinary order of `qty` at the buyer's price (the three ways of paying all end in pay_state 1). */
async function paidOrder(buyer: { agentId: number; phone: string }, singleProdId: number, prodId: number, unit: number, qty: number) {
  serial += 1;
  const code = `NIG${process.pid % 1000}${String(serial).padStart(4, '0')}`;
  const now = t.clock.now().toISOString();
  const total = unit * qty;
  const { id } = await t.db.kysely
    .insertInto('orders')
    .values({
      plat_id: t.config.platId, order_code: code, order_type: 1, pay_type: 1, circulation_state: 3, pay_state: 1, close_state: 0, total_money: total, post_money: 0,
      all_money: total, actual_money: total, point_balance_money: 0, balance_point: 0, prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0,
      up_agent_id: null, seckill_id: null, is_first_gift: 0, order_note: '', create_agent_id: buyer.agentId, create_agent_name: '买家', create_agent_tel: buyer.phone,
      create_agent_code: 'DL', apg_id: null, apg_code: null, apg_sys_code: null, receiver_name: '', receiver_phone: '', receiver_nation: '', receiver_province: '',
      receiver_city: '', receiver_county: '', receive_county_id: '', receiver_post_code: '', receiver_address: '', idempotency_key: null, created_at: now,
      pay_date: now, close_date: null, close_reason: null, send_date: null, receipt_date: null, pay_serial: null, pay_deadline: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('order_lines').values({
    order_id: Number(id), prod_id: prodId, single_prod_id: singleProdId, activity_item_id: null, prod_name: '测试商品', spec_disp_str: '', img_url: '',
    weight: 0, buy_num: qty, prod_old_price: unit, prod_price: unit, prod_deal_price: unit, prod_all_money: total, prod_point: 0, total_point: 0,
    point_balance_money: 0, balance_point: 0, is_first_gift: 0,
  }).execute();
  return { id: Number(id), code };
}

const setOrder = (id: number, patch: { circulation_state: number; receipt_date?: string; close_date?: string; close_reason?: string }) =>
  t.db.kysely.updateTable('orders').set(patch).where('id', '=', id).execute();

async function account(token: string) {
  const o = (await t.call(selAgentApiAccountInfo, {}, { token })).body.obj;
  return { frozen: o.allFrozenAwardMoney as string, income: o.laveIncome as string };
}

const changes = (agentId: number, code: string) =>
  t.db.kysely.selectFrom('account_changes').select(['account', 'change_state', 'amount']).where('agent_id', '=', agentId).where('order_code', '=', code).orderBy('id').execute();

const runJob = (at: Date, n = 5) => Promise.all(Array.from({ length: n }, () => releaseIncome(t, at)));

describe('income from the network: each upper agent earns the difference below it', () => {
  it('paid → frozen; received → still frozen until 7 days; then released once under 5 parallel job runs', async () => {
    const { top, mid, buyer, p } = await chain({ buyer: 10_000, mid: 9_000, top: 7_500 });
    const order = await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 2);
    await runJob(t.clock.now());
    // mid: (100.00 − 90.00) × 2; top: (90.00 − 75.00) × 2. The chain never earns more than 100.00 − 75.00 a unit.
    expect(await account(mid.token)).toEqual({ frozen: '20.00', income: '0.00' });
    expect(await account(top.token)).toEqual({ frozen: '30.00', income: '0.00' });
    expect(await account(buyer.token)).toEqual({ frozen: '0.00', income: '0.00' });

    // Not received: nothing is released however long it waits.
    await runJob(new Date(t.clock.now().getTime() + 60 * DAY));
    expect(await account(mid.token)).toEqual({ frozen: '20.00', income: '0.00' });

    const received = t.clock.now();
    await setOrder(order.id, { circulation_state: 5, receipt_date: received.toISOString() });
    await runJob(new Date(received.getTime() + 7 * DAY - HOUR));
    expect(await account(top.token)).toEqual({ frozen: '30.00', income: '0.00' });

    await runJob(new Date(received.getTime() + 7 * DAY));
    await runJob(new Date(received.getTime() + 9 * DAY));
    expect(await account(mid.token)).toEqual({ frozen: '0.00', income: '20.00' });
    expect(await account(top.token)).toEqual({ frozen: '0.00', income: '30.00' });
    expect(await changes(mid.agentId, order.code)).toEqual([
      { account: 'award', change_state: 17, amount: 2_000 },
      { account: 'award', change_state: 17, amount: -2_000 },
      { account: 'income', change_state: 17, amount: 2_000 },
    ]);
    const rows = await t.db.kysely.selectFrom('network_incomes').select(['agent_id', 'amount', 'state']).where('source_code', '=', order.code).orderBy('agent_id').execute();
    expect(rows.map((r) => [Number(r.agent_id), Number(r.amount), r.state])).toEqual([[top.agentId, 3_000, 1], [mid.agentId, 2_000, 1]].sort((a, b) => a[0]! - b[0]!));
  });

  it('paid → closed before release: voided (19), nothing reaches the total score, once under parallel runs', async () => {
    const { top, mid, buyer, p } = await chain({ buyer: 10_000, mid: 9_000, top: 7_500 });
    const order = await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 1);
    await runJob(t.clock.now());
    expect(await account(mid.token)).toEqual({ frozen: '10.00', income: '0.00' });
    await setOrder(order.id, { circulation_state: 6, close_date: t.clock.now().toISOString(), close_reason: '退款关闭' });
    await runJob(t.clock.now());
    await runJob(new Date(t.clock.now().getTime() + 30 * DAY));
    for (const a of [mid, top]) expect(await account(a.token)).toEqual({ frozen: '0.00', income: '0.00' });
    expect(await changes(mid.agentId, order.code)).toEqual([
      { account: 'award', change_state: 17, amount: 1_000 },
      { account: 'award', change_state: 19, amount: -1_000 },
    ]);
    const states = await t.db.kysely.selectFrom('network_incomes').select('state').where('source_code', '=', order.code).execute();
    expect(states.map((s) => s.state)).toEqual([2, 2]);
  });

  it('an upper agent whose price is not below the buyer\'s earns nothing; the one above still earns its difference', async () => {
    for (const midPrice of [10_000, 12_000]) {
      const { top, mid, buyer, p } = await chain({ buyer: 10_000, mid: midPrice, top: 8_000 });
      const order = await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 3);
      await runJob(t.clock.now(), 3);
      expect(await account(mid.token), `mid at ${midPrice}`).toEqual({ frozen: '0.00', income: '0.00' });
      expect(await changes(mid.agentId, order.code)).toEqual([]);
      expect(await account(top.token)).toEqual({ frozen: '60.00', income: '0.00' });
    }
  });

  it('a top price above the buyer\'s earns nothing either, and a second paid order is accrued on its own', async () => {
    const { top, mid, buyer, p } = await chain({ buyer: 10_000, mid: 9_000, top: 11_000 });
    await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 1);
    await runJob(t.clock.now(), 2);
    await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 1);
    await runJob(t.clock.now(), 2);
    expect(await account(mid.token)).toEqual({ frozen: '20.00', income: '0.00' });
    expect(await account(top.token)).toEqual({ frozen: '0.00', income: '0.00' });
  });

  // Last in the file: it leaves 500 income rows of a never-received order frozen for good.
  it('income that is due is released even behind 500 older rows still waiting (one job batch used to stop there)', async () => {
    const { mid, buyer, p } = await chain({ buyer: 10_000, mid: 9_000, top: 7_500 });
    const stuck = await paidOrder(buyer, p.singleProdId, p.prodId, 10_000, 1);
    await runJob(t.clock.now(), 1);
    const row = await t.db.kysely.selectFrom('network_incomes').selectAll().where('source_code', '=', stuck.code).where('agent_id', '=', mid.agentId).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    // 500 more waiting rows of the same unreceived order, older than the reward below (their amounts move nothing).
    await t.db.kysely.insertInto('network_incomes').values(Array.from({ length: 500 }, () => ({ ...copy, amount: 0 }))).execute();

    const inviter = await freshAgent(t, { status: 1 });
    const a = await freshAgent(t, { status: 0, inviterPhone: inviter.phone, incomeFen: 100_000 });
    const r = await t.call(submitApplicationsForPersonal, { payPassword: '123456', rechargeMoney: '1000.00', payType: 3 }, { token: a.token });
    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: true }, { staffToken: staff })).body.obj.checkState).toBe(1);
    expect(await account(inviter.token)).toEqual({ frozen: '100.00', income: '0.00' });
    await runJob(new Date(t.clock.now().getTime() + 7 * DAY), 2);
    expect(await account(inviter.token)).toEqual({ frozen: '0.00', income: '100.00' });
    expect(await account(mid.token)).toEqual({ frozen: '10.00', income: '0.00' });
  });
});
