import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderReceiveDeal, shipOrder } from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp } from './helpers/app.js';
import { ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';
import { balancesOf, linesOf, orderRow, payOrder, placeOrder, refund, refundBreaches, refundChain, setGoodsFund } from './helpers/refund-fixture.js';

/**
 * Refunds racing each other, shipping, receipt and the income-release job (ADR 0034): each decided once by
 * compare-and-set, with both ledger invariants after every race, on SQLite and PostgreSQL.
 */
const t = useTestApp();
const STATE_CHANGED = '订单状态已变化，请刷新后重试';

async function holds(orderId: number) {
  expect(await refundBreaches(t, orderId)).toEqual([]);
  expect(await ledgerHolds(t)).toBe(true);
}

async function paidOrder(units = 3) {
  const c = await refundChain(t);
  await setGoodsFund(t, c.buyer.agentId, 1_000_000);
  const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.a.singleProdId, buyNum: units }]);
  const order = await payOrder(t, c.buyer, Number(placed.id), 1);
  const line = (await linesOf(t, Number(order.id))).find((l) => !l.is_first_gift)!;
  return { c, order, orderId: Number(order.id), line };
}

const refundsOf = (orderId: number) => t.db.kysely.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).execute();

describe('two staff refunding at once', () => {
  it('two whole refunds: one refunds, the other is told; the money moves once', async () => {
    const [a, b] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
    const { c, order, orderId } = await paidOrder();
    const before = await balancesOf(t, c.buyer.agentId);
    const replies = await Promise.all([a, b].map((staffToken) => refund(t, staffToken, { orderId })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.map((r) => r.body.msg).filter((m) => m !== '退款已完成')[0]).toMatch(/订单状态已变化，请刷新后重试|该订单已全部退款/);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + order.actual_money);
    await holds(orderId);
  });

  it('five partial refunds of one unit each on three units: at most three win, never more units than bought', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const { orderId, line } = await paidOrder();
    const replies = await Promise.all([0, 1, 2, 3, 4].map(() => refund(t, finance, { orderId, lines: [{ lineId: Number(line.id), qty: 1 }] })));
    const won = replies.filter((r) => r.body.errorType === 'SUCCESS').length;
    expect(won).toBeGreaterThanOrEqual(1);
    const row = (await linesOf(t, orderId)).find((l) => Number(l.id) === Number(line.id))!;
    expect(row.refund_num).toBe(won);
    expect(row.refund_num).toBeLessThanOrEqual(row.buy_num);
    for (const r of replies) if (r.body.errorType !== 'SUCCESS') expect(r.body.msg).toMatch(/订单状态已变化|最多还可退|该订单已全部退款/);
    await holds(orderId);
  });

  it('the same request sent twice with one key refunds once and answers the same refund', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const { orderId, line } = await paidOrder();
    const key = randomUUID();
    const input = { orderId, lines: [{ lineId: Number(line.id), qty: 1 }], idempotencyKey: key };
    const replies = await Promise.all([refund(t, finance, input), refund(t, finance, input)]);
    expect(replies.every((r) => r.body.errorType === 'SUCCESS')).toBe(true);
    expect(replies[0]!.body.obj.refundCode).toBe(replies[1]!.body.obj.refundCode);
    expect(await refundsOf(orderId)).toHaveLength(1);
    // The key with another request is refused.
    const other = await refund(t, finance, { orderId, lines: [{ lineId: Number(line.id), qty: 2 }], idempotencyKey: key });
    expect(other.body.msg).toBe('该请求编号已用于另一笔提交，请刷新页面后重试');
    await holds(orderId);
  });
});

describe('refunds racing shipping, receipt and the release job', () => {
  it('refund vs shipping: the stock comes back only if the refund saw the order unshipped', async () => {
    const [finance, warehouse] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'cangku')];
    const { c, orderId, line } = await paidOrder();
    const stock = await stockOf(t, c.a.singleProdId);
    const ship = { orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `8${orderId}0001` }] };
    const [r, s] = await Promise.all([refund(t, finance, { orderId, lines: [{ lineId: Number(line.id), qty: 1 }] }), staffCall(t, shipOrder, ship, { staffToken: warehouse })]);
    const refunds = await refundsOf(orderId);
    if (r.body.errorType === 'SUCCESS') {
      expect(await stockOf(t, c.a.singleProdId)).toBe(stock + (refunds[0]!.order_state === 3 ? 1 : 0));
    } else {
      expect(r.body.msg).toBe(STATE_CHANGED);
      expect(await stockOf(t, c.a.singleProdId)).toBe(stock);
    }
    expect(s.body.errorType === 'SUCCESS' || s.body.msg === STATE_CHANGED).toBe(true);
    await holds(orderId);
  });

  it('whole refund vs the agent confirming receipt: one of them moves the order', async () => {
    const [finance, warehouse] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'cangku')];
    const { c, orderId } = await paidOrder();
    const ship = { orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `9${orderId}0001` }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    const [r, d] = await Promise.all([refund(t, finance, { orderId }), t.call(orderReceiveDeal, { id: orderId }, { token: c.buyer.token })]);
    const state = (await orderRow(t, orderId)).circulation_state;
    if (r.body.errorType === 'SUCCESS') expect(state).toBe(8);
    else {
      expect(r.body.msg).toBe(STATE_CHANGED);
      expect(d.body.errorType).toBe('SUCCESS');
      expect(state).toBe(5);
    }
    await holds(orderId);
  });

  it('refund vs the release job on a received order: each earner ends even (released then clawed, or cancelled)', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const { c, order, orderId } = await paidOrder(2);
    await t.db.kysely.updateTable('orders').set({ circulation_state: 5, receipt_date: new Date(t.clock.now().getTime() - 30 * DAY).toISOString() }).where('id', '=', orderId).execute();
    await releaseIncome(t, t.clock.now()); // accrued (frozen), due now
    const [r] = await Promise.all([refund(t, finance, { orderId }), releaseIncome(t, t.clock.now()), releaseIncome(t, t.clock.now())]);
    if (r.body.errorType !== 'SUCCESS') {
      expect(r.body.msg).toBe(STATE_CHANGED);
      expect((await refund(t, finance, { orderId })).body.errorType).toBe('SUCCESS');
    }
    for (const earner of [c.mid, c.top]) {
      const records = await t.db.kysely
        .selectFrom('account_changes')
        .select((eb) => eb.fn.sum<number>('amount').as('s'))
        .where('agent_id', '=', earner.agentId)
        .where('order_code', '=', order.order_code)
        .where('account', 'in', ['income', 'award'])
        .executeTakeFirst();
      const debts = await t.db.kysely.selectFrom('income_debts').select((eb) => eb.fn.sum<number>('amount').as('s')).where('agent_id', '=', earner.agentId).executeTakeFirst();
      expect(Number(records?.s ?? 0) - Number(debts?.s ?? 0)).toBe(0);
    }
    await holds(orderId);
  });
});
