import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeExpiredOrders } from '../src/jobs/close-expired-orders.js';
import { scheduledJobs } from '../src/app.js';
import { reconcileWechatPayments } from '../src/modules/payment/payment.queries.js';
import { WechatPayApiError, type WechatPayProvider } from '../src/providers/wechatpay/wechatpay-provider.js';
import { useTestApp } from './helpers/app.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { MINUTE } from './helpers/time.js';
import {
  depsOf,
  wechatOf,
  goodsFund,
  orderRow,
  payByWechat,
  paymentRow,
  placeWechatOrder,
  sandboxOf,
  setGoodsFund,
  storeChanges,
  wechatBuyer,
  type Buyer,
} from './helpers/wechatpay-fixture.js';

const t = useTestApp();
let a: Buyer;

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
  a = await wechatBuyer(t, '13800000001');
});

// Each test counts what one run does: payments an earlier test left open are given up first.
beforeEach(async () => {
  const open = await t.db.kysely.selectFrom('wechat_payments').select('out_trade_no').where('state', '=', 0).execute();
  for (const p of open) await wechatOf(t).abandon(p.out_trade_no);
});

async function pendingPayment() {
  await setGoodsFund(t, a.agentId, 10_000);
  const order = await placeWechatOrder(t, a);
  const { outTradeNo } = await payByWechat(t, a, order.id);
  return { order, outTradeNo };
}

/** The test app's deps with the provider's answers changed by `patch` (the rest is the sandbox). */
function withProvider(patch: Partial<WechatPayProvider>) {
  const base = depsOf(t);
  const sandbox = sandboxOf(t);
  const provider = Object.assign(Object.create(sandbox) as WechatPayProvider, patch);
  return { ...base, providers: { ...base.providers, wechatPay: provider } };
}

const run = (deps = depsOf(t)) => reconcileWechatPayments(deps, t.clock.now(), wechatOf(t, deps));

describe('reconcileWechatPayments (reference §1.5: notifications can be lost)', () => {
  it('is one of the scheduled jobs', () => {
    expect(scheduledJobs(depsOf(t)).map((j) => j.name)).toContain('reconcile-wechat-payments');
  });

  it('credits a payment WeChat says is paid when its notification never came, after two minutes', async () => {
    const { order, outTradeNo } = await pendingPayment();
    sandboxOf(t).markPaid(outTradeNo, t.clock.now()); // paid at WeChat, notification lost
    expect(await run()).toEqual({ settled: 0, abandoned: 0, failed: 0 }); // too young to ask about
    t.clock.advance(2 * MINUTE + 1000);
    expect(await run()).toMatchObject({ settled: 1, abandoned: 0 });
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3, pay_state: 1, pay_serial: outTradeNo });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 1, transaction_id: expect.stringMatching(/^4200/) });
    expect(await storeChanges(t, order.orderCode)).toEqual([{ amount: -10_000, change_state: 22 }]);
    expect(await run()).toMatchObject({ settled: 0 });
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('closes an expired unpaid payment at WeChat and gives the reserved balance part back once, even run twice at once', async () => {
    const { order, outTradeNo } = await pendingPayment();
    expect(await goodsFund(t, a.agentId)).toBe(0);
    t.clock.advance(3 * MINUTE);
    expect(await run()).toMatchObject({ abandoned: 0 }); // NOTPAY but still open: the payer may come back
    t.clock.advance(13 * MINUTE); // past the 15-minute window

    const [one, two] = await Promise.all([run(), run()]);
    expect(one.abandoned + two.abandoned).toBe(1);
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 2 });
    expect(await sandboxOf(t).query(outTradeNo)).toMatchObject({ tradeState: 'CLOSED' });
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await storeChanges(t, order.orderCode)).toEqual([
      { amount: -10_000, change_state: 22 },
      { amount: 10_000, change_state: 15 },
    ]);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 1, goods_pay_money: 0, other_actual_money: 0 });
    expect(await ledgerHolds(t)).toBe(true);

    // The agent can start paying the order again, under a new out_trade_no.
    const again = await payByWechat(t, a, order.id);
    expect(again.outTradeNo).not.toBe(outTradeNo);
  });

  it('abandons at once what WeChat reports failed (PAYERROR → 3) or closed, without waiting for expiry', async () => {
    const failed = await pendingPayment();
    const closed = await pendingPayment();
    t.clock.advance(3 * MINUTE);
    const closedAtWechat: string[] = [];
    const deps = withProvider({
      query: async (no) => ({ ...(await sandboxOf(t).query(no)), tradeState: no === failed.outTradeNo ? 'PAYERROR' : 'CLOSED' }),
      close: async (no) => void closedAtWechat.push(no),
    });
    expect(await run(deps)).toMatchObject({ abandoned: 2 });
    expect(await paymentRow(t, failed.outTradeNo)).toMatchObject({ state: 3 });
    expect(await paymentRow(t, closed.outTradeNo)).toMatchObject({ state: 2 });
    expect(closedAtWechat).toEqual([failed.outTradeNo]); // an order WeChat already closed needs no close
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('abandons an expired payment WeChat never heard of (its prepay failed), and retries one it could not close', async () => {
    const unknown = await pendingPayment();
    const stuck = await pendingPayment();
    t.clock.advance(16 * MINUTE);
    const deps = withProvider({
      close: async (no) => {
        throw no === unknown.outTradeNo ? new WechatPayApiError(404, 'ORDER_NOT_EXIST') : new WechatPayApiError(500, 'SYSTEM_ERROR');
      },
    });
    expect(await run(deps)).toMatchObject({ abandoned: 1, failed: 1 });
    expect(await paymentRow(t, unknown.outTradeNo)).toMatchObject({ state: 2 });
    // Not closed at WeChat, so not given back: it could still be paid.
    expect(await paymentRow(t, stuck.outTradeNo)).toMatchObject({ state: 0 });
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('credits instead when the payer pays between the query and the close (ORDERPAID)', async () => {
    const { order, outTradeNo } = await pendingPayment();
    t.clock.advance(16 * MINUTE);
    const sandbox = sandboxOf(t);
    let asked = 0;
    const deps = withProvider({
      query: async (no) => {
        asked += 1;
        const answer = await sandbox.query(no);
        if (asked === 1) sandbox.markPaid(no, t.clock.now()); // paid right after WeChat answered NOTPAY
        return answer;
      },
      close: (no) => sandbox.close(no),
    });
    expect(await run(deps)).toMatchObject({ settled: 1, abandoned: 0 });
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3 });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 1 });
  });

  it('leaves a payment alone when WeChat cannot be asked, and carries on with the others', async () => {
    const broken = await pendingPayment();
    const fine = await pendingPayment();
    sandboxOf(t).markPaid(fine.outTradeNo, t.clock.now());
    t.clock.advance(16 * MINUTE);
    const deps = withProvider({
      query: async (no) => {
        if (no === broken.outTradeNo) throw new WechatPayApiError(500, 'SYSTEM_ERROR');
        return sandboxOf(t).query(no);
      },
    });
    expect(await run(deps)).toMatchObject({ settled: 1, failed: 1 });
    expect(await paymentRow(t, broken.outTradeNo)).toMatchObject({ state: 0 });
    expect(await run()).toMatchObject({ abandoned: 1 });
    expect(await ledgerHolds(t)).toBe(true);
  });

  // An order closed by its window while a WeChat payment is pending: the close gives the reserved part back, the
  // reconcile job's abandon must not give it a second time.
  it('gives the reserved part back once when the order timed out while its WeChat payment was open', async () => {
    await setGoodsFund(t, a.agentId, 10_000);
    const order = await placeWechatOrder(t, a);
    t.clock.advance(20 * MINUTE); // the 30-minute order window ends 5 minutes into the 15-minute payment window
    await payByWechat(t, a, order.id);
    t.clock.advance(11 * MINUTE);
    // Earlier tests' unpaid orders expire with it; this one must be among them.
    expect(await closeExpiredOrders(depsOf(t), t.clock.now(), wechatOf(t))).toBeGreaterThanOrEqual(1);
    const closed = await t.db.kysely.selectFrom('orders').select('circulation_state').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(closed.circulation_state).toBe(7);
    t.clock.advance(5 * MINUTE);
    await run();
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await ledgerHolds(t)).toBe(true);
  });
});
