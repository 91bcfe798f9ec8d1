import { beforeAll, describe, expect, it } from 'vitest';
import { closeDealApp, saveOrderInfo } from '@shop/contract';
import type { Deps } from '../src/deps.js';
import { closeExpiredOrders } from '../src/jobs/close-expired-orders.js';
import { scheduledJobs } from '../src/app.js';
import { createOrderWechat } from '../src/flows/payment/order-payment.js';
import { schedulerSettings, startJobs, type Job } from '../src/jobs/index.js';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { MINUTE } from './helpers/time.js';

const t = useTestApp();
const A = '13800000001';

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

const deps = (): Deps => ({ config: t.config, db: t.db, providers: t.providers, clock: t.clock, log: t.log });
const k = () => t.db.kysely;
const stateOf = async (id: number) => (await k().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const pointsOf = async () => (await k().selectFrom('agents').select('lave_integral').where('phone', '=', A).executeTakeFirstOrThrow()).lave_integral;

async function buyer() {
  const { token } = await t.login(A, 'demo1234');
  return { token, addressId: await addAddress(t, token) };
}

async function place(b: { token: string; addressId: number }, singleProdId: number, extra: Record<string, unknown> = {}) {
  const reply = await t.call(
    saveOrderInfo,
    { orderType: 1, payType: 1, addressId: b.addressId, orderProductDetailBos: [{ singleProdId, buyNum: 2 }], ...extra },
    { token: b.token },
  );
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`order: ${reply.text}`);
  return reply.body.obj as { id: number; orderCode: string };
}

describe('closeExpiredOrders (spec 2 §4: the unpaid window of noPayChanelSet minutes)', () => {
  it('closes only unpaid orders whose window has passed, as 7, giving back stock and points', async () => {
    const b = await buyer();
    const p = await addProduct(t, { stock: 20, finalPrice: 1_000 });
    const welfare = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 500 });
    const points = await pointsOf();
    const first = await place(b, p.singleProdId);
    const withPoints = await place(b, welfare.singleProdId, { orderType: 2, usePoints: true, payPassword: '123456' });
    expect(await pointsOf()).toBe(points - 10);
    const paid = await place(b, p.singleProdId);
    await k().updateTable('orders').set({ circulation_state: 3 }).where('id', '=', paid.id).execute();
    const review = await place(b, p.singleProdId);
    await k().updateTable('orders').set({ circulation_state: 2 }).where('id', '=', review.id).execute();
    t.clock.advance(10 * MINUTE);
    const later = await place(b, p.singleProdId);
    expect(await stockOf(t, p.singleProdId)).toBe(12);

    t.clock.advance(19 * MINUTE); // 29 minutes after the first orders
    expect(await closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps()))).toBe(0);

    t.clock.advance(MINUTE); // their window of 30 minutes has run out
    expect(await closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps()))).toBe(2);
    for (const id of [first.id, withPoints.id]) {
      expect(await stateOf(id)).toMatchObject({ circulation_state: 7, close_state: 1, close_reason: '超时未支付，系统自动关闭', close_date: t.clock.now().toISOString() });
    }
    expect((await stateOf(paid.id)).circulation_state).toBe(3);
    expect((await stateOf(review.id)).circulation_state).toBe(2);
    expect((await stateOf(later.id)).circulation_state).toBe(1);
    expect(await stockOf(t, p.singleProdId)).toBe(14);
    expect(await stockOf(t, welfare.singleProdId)).toBe(10);
    expect(await pointsOf()).toBe(points);
    const log = await k().selectFrom('order_logs').selectAll().where('order_id', '=', first.id).execute();
    expect(log).toEqual([expect.objectContaining({ order_state: 7, opt_name: '超时关闭', opt_by: '系统' })]);

    // Nothing more to do until the later order's window ends.
    expect(await closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps()))).toBe(0);
    t.clock.advance(10 * MINUTE);
    expect(await closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps()))).toBe(1);
    expect((await stateOf(later.id)).circulation_state).toBe(7);
    expect(await stockOf(t, p.singleProdId)).toBe(16);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('is safe when two runs and the agent race: every order closes once, stock and points come back once', async () => {
    const b = await buyer();
    const p = await addProduct(t, { prodType: 2, stock: 30, finalPrice: 2_000, touchMoney: 100 });
    const points = await pointsOf();
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await place(b, p.singleProdId, { orderType: 2, usePoints: true, payPassword: '123456' }));
    expect(await stockOf(t, p.singleProdId)).toBe(6);
    expect(await pointsOf()).toBe(points - 12 * 2);

    t.clock.advance(31 * MINUTE);
    const now = t.clock.now();
    const [one, two, three] = await Promise.all([
      closeExpiredOrders(deps(), now, createOrderWechat(deps())),
      closeExpiredOrders(deps(), now, createOrderWechat(deps())),
      closeExpiredOrders(deps(), now, createOrderWechat(deps())),
      ...orders.slice(0, 3).map((o) => t.call(closeDealApp, { id: o.id, closeReason: '不要了' }, { token: b.token })),
    ]);
    // The agent's calls close expired orders too (as timed out), so the runs share the twelve between them.
    expect((one as number) + (two as number) + (three as number)).toBeLessThanOrEqual(12);
    expect(await stockOf(t, p.singleProdId)).toBe(30);
    expect(await pointsOf()).toBe(points);
    const rows = await k().selectFrom('orders').select('circulation_state').where('id', 'in', orders.map((o) => o.id)).execute();
    expect(rows.every((r) => r.circulation_state === 7)).toBe(true);
    const logs = await k().selectFrom('order_logs').select('order_id').where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(logs).toHaveLength(12);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('two processes', () => {
  it('two concurrent runs close each expired order exactly once between them', async () => {
    const b = await buyer();
    const p = await addProduct(t, { stock: 20, finalPrice: 1_000 });
    for (let i = 0; i < 8; i++) await place(b, p.singleProdId);
    t.clock.advance(31 * MINUTE);
    const counts = await Promise.all([closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps())), closeExpiredOrders(deps(), t.clock.now(), createOrderWechat(deps()))]);
    expect(counts[0] + counts[1]).toBe(8);
    expect(await stockOf(t, p.singleProdId)).toBe(20);
  });
});

describe('the scheduler', () => {
  it('lists the close job for server.ts; reads JOBS and JOBS_INTERVAL_SECONDS', () => {
    expect(scheduledJobs(deps()).map((j) => j.name)).toContain('close-expired-orders');
    expect(schedulerSettings({})).toEqual({ enabled: true, intervalMs: 30_000 });
    expect(schedulerSettings({ JOBS_INTERVAL_SECONDS: '2' })).toEqual({ enabled: true, intervalMs: 2_000 });
    expect(schedulerSettings({ JOBS: 'off' }).enabled).toBe(false);
    expect(schedulerSettings({ JOBS_INTERVAL_SECONDS: 'x' }).intervalMs).toBe(30_000);
  });

  it('runs each job every interval, never two runs of one job at once, and survives a failing job', async () => {
    let runs = 0;
    let overlapping = 0;
    let active = 0;
    const slow: Job = {
      name: 'slow',
      async run() {
        runs += 1;
        active += 1;
        if (active > 1) overlapping += 1;
        await new Promise((r) => setTimeout(r, 30));
        active -= 1;
      },
    };
    let failures = 0;
    const failing: Job = {
      name: 'failing',
      async run() {
        failures += 1;
        throw new Error('expected in this test');
      },
    };
    const errors = console.error;
    console.error = () => undefined;
    try {
      const scheduler = startJobs(deps(), { enabled: true, intervalMs: 5 }, [slow, failing]);
      await new Promise((r) => setTimeout(r, 120));
      await scheduler.stop();
    } finally {
      console.error = errors;
    }
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(overlapping).toBe(0);
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(active).toBe(0);
  });

  it('does nothing when disabled', async () => {
    let runs = 0;
    const scheduler = startJobs(deps(), { enabled: false, intervalMs: 5 }, [{ name: 'x', run: async () => void (runs += 1) }]);
    await new Promise((r) => setTimeout(r, 30));
    await scheduler.stop();
    expect(runs).toBe(0);
  });
});
