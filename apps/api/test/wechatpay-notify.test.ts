import { beforeAll, describe, expect, it } from 'vitest';
import { selOrderInfoBySerialNumber } from '@shop/contract';
import { paySignMessage, rsaVerify } from '../src/providers/wechatpay/wechatpay-crypto.js';
import { makeApp, useTestApp } from './helpers/app.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { MINUTE } from './helpers/time.js';
import {
  wechatOf,
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
  type Buyer,
} from './helpers/wechatpay-fixture.js';

const t = useTestApp();
let a: Buyer;
let b: Buyer;

beforeAll(async () => {
  // Gifts would add lines of their own; these tests price their own products only.
  await t.db.kysely.deleteFrom('grade_gifts').execute();
  a = await wechatBuyer(t, '13800000001');
  b = await wechatBuyer(t, '13800000004');
});

/** An order of A's paid partly (100.00) from the goods fund, the rest through the WeChat sandbox, not yet paid. */
async function pendingPayment(buyer = a) {
  await setGoodsFund(t, buyer.agentId, 10_000);
  const order = await placeWechatOrder(t, buyer);
  const { outTradeNo, params } = await payByWechat(t, buyer, order.id);
  return { order, outTradeNo, params };
}

describe('WeChat payment through the sandbox pay sheet (spec 1 §4, spec 2 §4)', () => {
  it('reserves the balance part, and 支付 sends a signed notification that credits the order once', async () => {
    const { order, outTradeNo, params } = await pendingPayment();
    expect(outTradeNo.startsWith(order.orderCode)).toBe(true);
    expect(rsaVerify(paySignMessage(params.appId, params.timeStamp, params.nonceStr, params.package), params.paySign, sandboxOf(t).merchantPublicKey)).toBe(true);
    const payment = await paymentRow(t, outTradeNo);
    expect(payment).toMatchObject({ state: 0, goods_part: 10_000, amount: order.actualMoney - 10_000 });
    expect(await goodsFund(t, a.agentId)).toBe(0);

    expect(await simulate(t, a.token, outTradeNo, 'pay')).toEqual({ status: 200, body: { result: 'paid' } });
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3, pay_state: 1, pay_type: 6, pay_serial: outTradeNo, goods_pay_money: 10_000, other_actual_money: order.actualMoney - 10_000 });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 1, transaction_id: expect.stringMatching(/^4200/) });

    // A second tap on 支付 (a duplicate notification) changes nothing.
    expect(await simulate(t, a.token, outTradeNo, 'pay')).toEqual({ status: 200, body: { result: 'paid' } });
    expect(await storeChanges(t, order.orderCode)).toEqual([{ amount: -10_000, change_state: 22 }]);
    expect(await goodsFund(t, a.agentId)).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('取消 and 模拟失败 change nothing on the server; the payment stays open for the reconcile job', async () => {
    const { order, outTradeNo } = await pendingPayment();
    expect(await simulate(t, a.token, outTradeNo, 'cancel')).toEqual({ status: 200, body: { result: 'cancel' } });
    expect(await simulate(t, a.token, outTradeNo, 'fail')).toEqual({ status: 200, body: { result: 'fail' } });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 0 });
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 1, pay_state: 0 });
    expect(await goodsFund(t, a.agentId)).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it("lets only the payment's own agent use the sheet, with a valid outcome", async () => {
    const { outTradeNo } = await pendingPayment();
    expect((await simulate(t, undefined, outTradeNo, 'pay')).status).toBe(401);
    expect(await simulate(t, b.token, outTradeNo, 'pay')).toEqual({ status: 404, body: { message: '支付记录不存在' } });
    expect((await simulate(t, a.token, outTradeNo, 'refund')).status).toBe(400);
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 0 });
  });

  it('refuses to pay once the payment has expired', async () => {
    const { outTradeNo } = await pendingPayment();
    t.clock.advance(16 * MINUTE);
    expect(await simulate(t, a.token, outTradeNo, 'pay')).toEqual({ status: 409, body: { message: '支付已超时' } });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 0 });
  });
});

describe('POST /api/v3/wechatpay/notify.do (reference §1.4)', () => {
  it('credits once when the same notification arrives five times at once', async () => {
    const { order, outTradeNo } = await pendingPayment();
    const n = sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(t, n)));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3, pay_state: 1 });
    expect(await storeChanges(t, order.orderCode)).toEqual([{ amount: -10_000, change_state: 22 }]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it("lets exactly one of five concurrent settlements win (the flow's compare-and-set)", async () => {
    const { outTradeNo } = await pendingPayment();
    const payment = await paymentRow(t, outTradeNo);
    const flow = wechatOf(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => flow.settle({ outTradeNo, transactionId: 'tx-1', amountFen: payment.amount })));
    expect(results.filter((r) => r === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r === 'already')).toHaveLength(4);
  });

  it('pays nothing for a genuine notification whose amount differs, and acknowledges it', async () => {
    const { order, outTradeNo } = await pendingPayment();
    const payment = await paymentRow(t, outTradeNo);
    const sandbox = sandboxOf(t);
    const tx = { appid: sandbox.appId, mchid: sandbox.mchId, out_trade_no: outTradeNo, transaction_id: 'tx-2', trade_state: 'SUCCESS', amount: { total: payment.amount - 1, currency: 'CNY' } };
    expect((await notify(t, sandbox.notification(tx, t.clock.now()))).status).toBe(204);
    // Not ours (another merchant or app), or not CNY: acknowledged, nothing paid either.
    for (const other of [{ mchid: '1900000109' }, { appid: 'wx-other' }, { amount: { total: payment.amount, currency: 'USD' } }]) {
      expect((await notify(t, sandbox.notification({ ...tx, amount: { total: payment.amount, currency: 'CNY' }, ...other }, t.clock.now()))).status).toBe(204);
    }
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 0, transaction_id: null });
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 1, pay_state: 0 });
  });

  it('answers 401 {code: FAIL} to a tampered body, a wrong serial, a stale timestamp or a signing probe, so WeChat retries', async () => {
    const { order, outTradeNo } = await pendingPayment();
    const n = sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    const bad = [
      { ...n, body: n.body.replace('"summary":"支付成功"', '"summary":"支付成功!"') },
      { ...n, headers: { ...n.headers, 'wechatpay-serial': 'D7CE59D1F522D701' } },
      { ...n, headers: { ...n.headers, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${n.headers['wechatpay-signature']}` } },
      { ...n, headers: { ...n.headers, 'wechatpay-timestamp': String(Math.floor(t.clock.now().getTime() / 1000) - 300) } },
      { ...n, headers: { 'content-type': 'application/json' } },
    ];
    for (const m of bad) expect(await notify(t, m)).toEqual({ status: 401, body: { code: 'FAIL', message: '签名验证失败' } });
    expect(await paymentRow(t, outTradeNo)).toMatchObject({ state: 0 });

    // The genuine one, five minutes less a second later (and with a charset), still goes through.
    t.clock.advance(299_000);
    expect((await notify(t, { ...n, headers: { ...n.headers, 'content-type': 'application/json; charset=utf-8' } })).status).toBe(204);
    expect(await orderRow(t, order.id)).toMatchObject({ circulation_state: 3 });
  });

  it('acknowledges a genuine notification of a payment it does not know (another prefix, another system)', async () => {
    const sandbox = sandboxOf(t);
    const tx = { appid: sandbox.appId, mchid: sandbox.mchId, out_trade_no: 'HK202611210000000001', transaction_id: 'tx-3', trade_state: 'SUCCESS', amount: { total: 100, currency: 'CNY' } };
    expect((await notify(t, sandbox.notification(tx, t.clock.now()))).status).toBe(204);
  });
});

describe('selOrderInfoBySerialNumber (spec 2 §7)', () => {
  it("reads the agent's own order by out_trade_no or order code, and nothing of another agent's", async () => {
    const { order, outTradeNo } = await pendingPayment();
    await simulate(t, a.token, outTradeNo, 'pay');
    const byTrade = await t.call(selOrderInfoBySerialNumber, { serialNumber: outTradeNo }, { token: a.token });
    const wechatPart = ((order.actualMoney - 10_000) / 100).toFixed(2);
    expect(byTrade.body.obj).toMatchObject({ id: order.id, orderCode: order.orderCode, circulationState: 3, payState: 1, goodsPayMoney: '100.00', otherActualMoney: wechatPart, wxPayState: 1, wxPayMoney: wechatPart });
    expect(byTrade.body.obj.payDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.call(selOrderInfoBySerialNumber, { serialNumber: order.orderCode }, { token: a.token })).body.obj).toMatchObject({ id: order.id, wxPayState: null, wxPayMoney: null });

    for (const [serialNumber, token] of [[outTradeNo, b.token], [order.orderCode, b.token], ['HK202611210000000001', a.token]] as const) {
      expect((await t.call(selOrderInfoBySerialNumber, { serialNumber }, { token })).body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '订单不存在' });
    }
    expect((await t.call(selOrderInfoBySerialNumber, { serialNumber: outTradeNo })).status).toBe(401);
  });
});

describe('outside the sandbox', () => {
  it('has no simulation endpoint in production', async () => {
    const prod = await makeApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/dev/wechatpay/simulate.do', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/wechatpay/sandbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
