import { randomUUID } from 'node:crypto';
import { operations, saveOrderInfo } from '@shop/contract';
import type { Deps } from '../../src/deps.js';
import { createOrderWechat } from '../../src/flows/payment/order-payment.js';
import { createPaymentFlow } from '../../src/flows/payment/pay-order.js';
import { createVoucherCheck } from '../../src/modules/payment/voucher.service.js';
import { createUploadService } from '../../src/modules/upload/upload.service.js';
import { iso } from '../../src/lib/clock.js';
import { createPayPasswordGuard } from '../../src/modules/agent/pay-password.js';
import { moveBalance } from '../../src/modules/ledger/ledger.repository.js';
import { createLimits } from '../../src/modules/limits/limits.service.js';
import { SandboxWechatPayProvider } from '../../src/providers/wechatpay/sandbox-wechatpay.js';
import type { TestApp } from './app.js';
import { addAddress, addProduct } from './shop-fixture.js';

export const PASSWORD = 'demo1234';

export const depsOf = (t: TestApp): Deps => ({ config: t.config, db: t.db, providers: t.providers, clock: t.clock, log: t.log });
/** The WeChat lifecycle with the order's hooks, as app.ts builds it. */
export const wechatOf = (t: TestApp, deps = depsOf(t)) => createOrderWechat(deps);
export const flowOf = (t: TestApp, deps = depsOf(t)) =>
  createPaymentFlow(deps, createPayPasswordGuard(deps, createLimits(deps)), createOrderWechat(deps), createVoucherCheck(createUploadService(deps, deps.providers.storage)));

export function sandboxOf(t: TestApp): SandboxWechatPayProvider {
  const p = t.providers.wechatPay;
  if (!(p instanceof SandboxWechatPayProvider)) throw new Error('these tests need the WeChat Pay sandbox');
  return p;
}

export interface Buyer {
  phone: string;
  token: string;
  agentId: number;
  openId: string;
  addressId: number;
}

/** A demo agent logged in from WeChat (login with an openId binds it), with an address. */
export async function wechatBuyer(t: TestApp, phone: string): Promise<Buyer> {
  const openId = `o_${phone}`;
  const { token } = await t.login(phone, PASSWORD, { openId });
  return { phone, token, agentId: await t.agentIdOf(phone), openId, addressId: await addAddress(t, token) };
}

/** Sets the goods fund to `fen` through the ledger (a change record), so the ledger invariant keeps holding. */
export async function setGoodsFund(t: TestApp, agentId: number, fen: number) {
  await t.db.kysely.transaction().execute(async (trx) => {
    const { last_store: now, plat_id: platId } = await trx.selectFrom('agents').select(['last_store', 'plat_id']).where('id', '=', agentId).executeTakeFirstOrThrow();
    if (now === fen) return;
    await moveBalance(trx, { platId, agentId, account: 'store', amount: fen - now, changeState: 1, orderCode: null, remark: '测试调整', at: iso(t.clock.now()) });
  });
}

/** A WeChat order (settlement radio 2) of two units of a product of its own. */
export async function placeWechatOrder(t: TestApp, b: Buyer, finalPrice = 12_000) {
  const p = await addProduct(t, { stock: 10, finalPrice });
  const reply = await t.call(saveOrderInfo, { orderType: 1, payType: 2, addressId: b.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] }, { token: b.token });
  if (reply.body?.errorType !== 'SUCCESS') throw new Error(`order: ${reply.text}`);
  const order = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', Number(reply.body.obj.id)).executeTakeFirstOrThrow();
  return { id: Number(order.id), orderCode: order.order_code, actualMoney: order.actual_money };
}

/**
 * Starts the WeChat payment of an order as the payment screen does: orderPayment payType 6 when the contract has it,
 * else the same flow the route calls. Answers the out_trade_no and the page parameters.
 */
export async function payByWechat(t: TestApp, b: Buyer, orderId: number) {
  const op = operations.find((o) => o.name === 'orderPayment');
  if (op) {
    const reply = await t.call(op, { id: orderId, payType: 6, payPassword: '123456', idempotencyKey: randomUUID() }, { token: b.token });
    if (reply.body?.errorType !== 'SUCCESS') throw new Error(`orderPayment: ${reply.text}`);
    const w = reply.body.obj.wechat;
    return { outTradeNo: w.outTradeNo as string, params: { ...w, package: w.packageValue } };
  }
  const { wechat } = await flowOf(t).pay(b.agentId, { id: orderId, payType: 6, payPassword: '123456', idempotencyKey: randomUUID() }, b.openId);
  return { outTradeNo: wechat!.outTradeNo, params: wechat! };
}

export const paymentRow = (t: TestApp, outTradeNo: string) =>
  t.db.kysely.selectFrom('wechat_payments').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirstOrThrow();
export const orderRow = (t: TestApp, id: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const goodsFund = async (t: TestApp, agentId: number) =>
  (await t.db.kysely.selectFrom('agents').select('last_store').where('id', '=', agentId).executeTakeFirstOrThrow()).last_store;
/** The goods-fund change records written for an order. */
export const storeChanges = (t: TestApp, orderCode: string) =>
  t.db.kysely.selectFrom('account_changes').select(['amount', 'change_state']).where('order_code', '=', orderCode).where('account', '=', 'store').orderBy('id').execute();

/** POST the notify endpoint as WeChat does (raw JSON body, Wechatpay-* headers). */
export async function notify(t: TestApp, n: { headers: Record<string, string>; body: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v3/wechatpay/notify.do', headers: n.headers, payload: n.body });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

/** The sandbox pay sheet's button, as the web app posts it. */
export async function simulate(t: TestApp, token: string | undefined, outTradeNo: string, outcome: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/wechatpay/simulate.do',
    headers: { 'content-type': 'application/json', ...(token ? { accessToken: token } : {}) },
    payload: JSON.stringify({ outTradeNo, outcome }),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
