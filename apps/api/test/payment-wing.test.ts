import { beforeAll, describe, expect, it } from 'vitest';
import { closeDealApp, orderPayment, selectOrderInfoByOrderId } from '@shop/contract';
import { closeExpiredOrders } from '../src/jobs/close-expired-orders.js';
import { closeOrder } from '../src/flows/close-order.js';
import { reconcileWechatPayments } from '../src/modules/payment/payment.queries.js';
import type { WechatPayProvider } from '../src/providers/wechatpay/wechatpay-provider.js';
import { useTestApp } from './helpers/app.js';
import { ledgerHolds, orderLedgerBreaches } from './helpers/shop-fixture.js';
import { MINUTE } from './helpers/time.js';
import {
  depsOf,
  goodsFund,
  notify,
  orderRow,
  payByWechat,
  paymentRow,
  placeWechatOrder,
  sandboxOf,
  setGoodsFund,
  simulate,
  storeChanges,
  wechatBuyer,
  wechatOf,
  type Buyer,
} from './helpers/wechatpay-fixture.js';

const t = useTestApp();
let a: Buyer;

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
  a = await wechatBuyer(t, '13800000001');
});

const net = async (orderCode: string) => (await storeChanges(t, orderCode)).reduce((s, c) => s + c.amount, 0);
const openPayments = (orderId: number) =>
  t.db.kysely.selectFrom('wechat_payments').selectAll().where('subject_kind', '=', 'order').where('subject_id', '=', orderId).where('state', '=', 0).execute();

/** The worked example: a 250.00 order (two of 125.00, no freight to pay by weight 0) and 100.00 in the goods fund. */
async function example(buyer: Buyer) {
  await setGoodsFund(t, buyer.agentId, 10_000);
  const order = await placeWechatOrder(t, buyer, 12_500);
  return order;
}

describe('defect 1: a WeChat payment started again after its 15-minute window', () => {
  it('gives the first reservation back before the second is taken; the timeout returns every fen', async () => {
    const order = await example(a);
    const first = await payByWechat(t, a, order.id);
    expect(await goodsFund(t, a.agentId)).toBe(0);
    t.clock.advance(16 * MINUTE); // the first payment's window has passed; the reconcile job has not run
    const second = await payByWechat(t, a, order.id);
    expect(second.outTradeNo).not.toBe(first.outTradeNo);
    expect(await paymentRow(t, first.outTradeNo)).toMatchObject({ state: 2 });
    expect(await sandboxOf(t).query(first.outTradeNo)).toMatchObject({ tradeState: 'CLOSED' });
    expect(await openPayments(order.id)).toHaveLength(1);
    expect(await goodsFund(t, a.agentId)).toBe(0); // taken once, by the second payment
    t.clock.advance(20 * MINUTE); // the order's own window ends: the timeout closes it
    expect(await closeExpiredOrders(depsOf(t), t.clock.now(), wechatOf(t))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 7 });
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await net(order.orderCode)).toBe(0);
    expect(await orderLedgerBreaches(t)).toEqual([]);
  });

  it('paying by WeChat again pays the rest and keeps the goods-fund part on the order', async () => {
    const order = await example(a);
    await payByWechat(t, a, order.id);
    t.clock.advance(16 * MINUTE);
    const second = await payByWechat(t, a, order.id);
    const payment = await paymentRow(t, second.outTradeNo);
    expect(payment).toMatchObject({ goods_part: 10_000, amount: order.actualMoney - 10_000 });
    expect((await simulate(t, a.token, second.outTradeNo, 'pay')).status).toBe(200);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3, goods_pay_money: 10_000 });
    expect(await goodsFund(t, a.agentId)).toBe(0);
    expect(await net(order.orderCode)).toBe(-10_000);
    expect(await orderLedgerBreaches(t)).toEqual([]);
  });
});

describe('defect 2: simultaneous WeChat starts for one order', () => {
  it('10 parallel starts reserve once and open one payment; closing gives it back once', async () => {
    const order = await example(a);
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.call(orderPayment, { id: order.id, payType: 6, payPassword: '123456' }, { token: a.token })));
    const serials = new Set(replies.filter((r) => r.body.errorType === 'SUCCESS').map((r) => r.body.obj.wechat.outTradeNo));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(serials.size).toBe(1);
    expect(await openPayments(order.id)).toHaveLength(1);
    expect(await goodsFund(t, a.agentId)).toBe(0);
    expect(await net(order.orderCode)).toBe(-10_000);
    expect((await t.call(closeDealApp, { id: order.id, closeReason: '不想要了' }, { token: a.token })).body.errorType).toBe('SUCCESS');
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await net(order.orderCode)).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('defect 2 where the goods fund could pay the part twice', () => {
  it('10 parallel starts with 600.00 in the fund and freight not payable from it reserve the goods part once', async () => {
    const setFreightFromFund = (v: number) => t.db.kysely.updateTable('pay_methods').set({ is_can_pay_postage: v }).where('type', '=', 3).execute();
    await setFreightFromFund(0);
    try {
      await setGoodsFund(t, a.agentId, 60_000);
      const order = await placeWechatOrder(t, a, 12_500);
      const replies = await Promise.all(Array.from({ length: 10 }, () => t.call(orderPayment, { id: order.id, payType: 6, payPassword: '123456' }, { token: a.token })));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      expect(await openPayments(order.id)).toHaveLength(1);
      expect(await goodsFund(t, a.agentId)).toBe(60_000 - 25_000);
      expect(await net(order.orderCode)).toBe(-25_000);
      expect((await t.call(closeDealApp, { id: order.id, closeReason: '不想要了' }, { token: a.token })).body.errorType).toBe('SUCCESS');
      expect(await goodsFund(t, a.agentId)).toBe(60_000);
    } finally {
      await setFreightFromFund(1);
    }
  });
});

describe('defect 3: closing an order with an open WeChat payment', () => {
  it('closes the payment at WeChat first, gives its reservation back once, and the sandbox can no longer pay it', async () => {
    const order = await example(a);
    const { outTradeNo } = await payByWechat(t, a, order.id);
    expect((await t.call(closeDealApp, { id: order.id, closeReason: '不想要了' }, { token: a.token })).body.errorType).toBe('SUCCESS');
    expect(await sandboxOf(t).query(outTradeNo)).toMatchObject({ tradeState: 'CLOSED' });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 2 });
    expect((await simulate(t, a.token, outTradeNo, 'pay')).status).toBe(409);
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await storeChanges(t, order.orderCode)).toEqual([
      { amount: -10_000, change_state: 22 },
      { amount: 10_000, change_state: 15 },
    ]);
  });

  it('a payment that still succeeds after the close is refunded automatically, once', async () => {
    const order = await example(a);
    const { outTradeNo } = await payByWechat(t, a, order.id);
    // WeChat could not be told (its close call was lost): the payer still pays.
    const base = depsOf(t);
    const lossy = Object.assign(Object.create(sandboxOf(t)) as WechatPayProvider, { close: async () => undefined });
    const deps = { ...base, providers: { ...base.providers, wechatPay: lossy } };
    expect(await closeOrder(deps, { orderId: order.id, to: 6, reason: '不想要了', by: 'test', at: t.clock.now() }, wechatOf(t, deps))).toBe(true);
    const paid = sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    expect((await notify(t, paid)).status).toBe(204);
    expect((await notify(t, paid)).status).toBe(204); // WeChat resends: refunded once
    const payment = await paymentRow(t, outTradeNo);
    expect(payment.state).toBe(4);
    const refunds = await t.db.kysely.selectFrom('refunds').selectAll().where('payment_id', '=', Number(payment.id)).execute();
    expect(refunds).toEqual([
      expect.objectContaining({ amount: payment.amount, state: 1, out_refund_no: `R${outTradeNo}`, refund_id: expect.stringMatching(/^5030/), subject_id: order.id }),
    ]);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 6 });
    expect(await goodsFund(t, a.agentId)).toBe(10_000);
    expect(await reconcileWechatPayments(depsOf(t), t.clock.now(), wechatOf(t))).toMatchObject({ failed: 0 });
  });
});

describe('refunds on the order detail', () => {
  it('shows the automatic refund of a late payment: 退款中 while WeChat is not reached, then 已退款, the whole payment in yuan', async () => {
    await setGoodsFund(t, a.agentId, 0);
    const order = await placeWechatOrder(t, a, 12_500);
    const { outTradeNo } = await payByWechat(t, a, order.id);
    const base = depsOf(t);
    // WeChat cannot be reached: the close is lost and so is the first refund request.
    const down = async () => {
      throw new Error('WeChat unreachable');
    };
    const lossy = Object.assign(Object.create(sandboxOf(t)) as WechatPayProvider, { close: async () => undefined, refund: down });
    const deps = { ...base, providers: { ...base.providers, wechatPay: lossy } };
    expect(await closeOrder(deps, { orderId: order.id, to: 6, reason: '不想要了', by: 'test', at: t.clock.now() }, wechatOf(t, deps))).toBe(true);
    sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    expect(await wechatOf(t, deps).settle({ outTradeNo, transactionId: 'tx-late', amountFen: order.actualMoney })).toBe('orphan');

    const detail = async () => (await t.call(selectOrderInfoByOrderId, { id: order.id }, { token: a.token })).body.obj;
    const refund = { id: expect.any(Number), refundMoney: (order.actualMoney / 100).toFixed(2), reason: '订单已关闭，微信支付自动退款', createDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) };
    expect((await detail()).refunds).toEqual([{ ...refund, refundState: 0, refundStateText: '退款中', successDate: null }]);

    expect(await reconcileWechatPayments(depsOf(t), t.clock.now(), wechatOf(t))).toMatchObject({ failed: 0 });
    expect((await detail()).refunds).toEqual([{ ...refund, refundState: 1, refundStateText: '已退款', successDate: expect.any(String) }]);
    // Another agent's order detail answers nothing of it.
    const other = await wechatBuyer(t, '13800000002');
    expect((await t.call(selectOrderInfoByOrderId, { id: order.id }, { token: other.token })).body.errorType).not.toBe('SUCCESS');
  });

  it('an order without refunds has an empty list', async () => {
    const order = await placeWechatOrder(t, a);
    expect((await t.call(selectOrderInfoByOrderId, { id: order.id }, { token: a.token })).body.obj.refunds).toEqual([]);
  });
});
