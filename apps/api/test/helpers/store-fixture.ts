import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  consumerConfirmPhone, consumerLogin, consumerSendSmsCode, saveMyStoreProducts, saveStoreOrder, selMyStore, staffSaveAgentStore, staffSaveRetailBand,
  storeOrderPrePay, type Operation,
} from '@shop/contract';
import type { Reply, TestApp } from './app.js';
import { freshAgent } from './funds-paid-fixture.js';
import { withIdempotencyKey } from './idempotency-key.js';
import { addProduct } from './shop-fixture.js';
import { staffCall, staffLoginAs } from './staff-fixture.js';

/** The agents' stores (ADR 0038) for tests of other areas: a store, a consumer, a paid VD order. */

/** A consumer's call: header consumerToken, as the store page sends it. */
export async function consumerCall<Obj = any>(t: TestApp, op: Operation, payload: unknown, consumerToken: string): Promise<Reply<Obj>> {
  const res = await t.app.inject({
    method: 'POST',
    url: op.path,
    remoteAddress: t.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', consumerToken },
    payload: new URLSearchParams({ platId: t.config.platId, in: JSON.stringify(withIdempotencyKey(op, payload)) }).toString(),
  });
  return { status: res.statusCode, headers: res.headers, text: res.body, body: JSON.parse(res.body) } as Reply<Obj>;
}

let phoneSerial = 0;
/** A consumer from a WeChat OAuth code with a phone confirmed by the SMS code. */
export async function storeConsumer(t: TestApp) {
  const login = await t.call(consumerLogin, { code: `store-${randomUUID()}` });
  const token = login.body.obj.consumerToken as string;
  phoneSerial += 1;
  const phone = `135${String(process.pid % 1000).padStart(3, '0')}${String(phoneSerial).padStart(5, '0')}`;
  expect((await consumerCall(t, consumerSendSmsCode, { phone }, token)).body.errorType).toBe('SUCCESS');
  const code = (await t.smsOutbox(phone))!.code;
  expect((await consumerCall(t, consumerConfirmPhone, { phone, smsCode: code }, token)).body.errorType).toBe('SUCCESS');
  return { token, phone };
}

/** An agent whose store headquarters opened, selling one product of its own (grade price 100.00, retail 150.00). */
export async function openTestStore(t: TestApp, stock = 10) {
  const admin = await staffLoginAs(t, 'admin');
  const agent = await freshAgent(t, { status: 1, gradeIndex: 0 });
  const p = await addProduct(t, { stock, finalPrice: 10_000, price: 20_000, name: `零售${randomUUID().slice(0, 6)}` });
  expect((await staffCall(t, staffSaveAgentStore, { agentId: agent.agentId, override: 1 }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
  const band = { singleProdId: p.singleProdId, retailEnabled: 1, defaultPrice: '150.00', minPrice: '120.00', maxPrice: '199.00' };
  expect((await staffCall(t, staffSaveRetailBand, band, { staffToken: admin })).body.errorType).toBe('SUCCESS');
  expect((await t.call(saveMyStoreProducts, { items: [{ singleProdId: p.singleProdId, shown: 1, retailPrice: '150.00' }] }, { token: agent.token })).body.errorType).toBe('SUCCESS');
  const shopId = (await t.call(selMyStore, {}, { token: agent.token })).body.obj.shopId as number;
  return { admin, agent, p, shopId };
}

export const storeAddress = { receiverName: '李雷', receiverPhone: '13912345678', receiverProvince: '北京市', receiverCity: '北京市', receiverCounty: '东城区', receiveCountyId: '110101', receiverAddress: '东华门大街1号' };

/** A VD order placed and paid through the sandbox (the consumer's own payment). */
export async function paidStoreOrder(t: TestApp, shopId: number, singleProdId: number, buyNum = 1) {
  const c = await storeConsumer(t);
  const placed = await consumerCall(t, saveStoreOrder, { shopId, lines: [{ singleProdId, buyNum }], ...storeAddress }, c.token);
  expect(placed.body.errorType, placed.text).toBe('SUCCESS');
  const id = placed.body.obj.id as number;
  const pre = await consumerCall(t, storeOrderPrePay, { id }, c.token);
  expect(pre.body.errorType, pre.text).toBe('SUCCESS');
  const res = await t.app.inject({ method: 'POST', url: '/dev/wechatpay/simulate.do', headers: { 'content-type': 'application/json', consumerToken: c.token }, payload: JSON.stringify({ outTradeNo: pre.body.obj.outTradeNo, outcome: 'pay' }) });
  expect(res.statusCode).toBe(200);
  return { id, orderCode: placed.body.obj.orderCode as string, consumer: c };
}
