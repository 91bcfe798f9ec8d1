import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPayment, saveOrderInfo, selectOrderPayInfo } from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp } from './helpers/app.js';
import { receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { addAddress, addProduct, ledgerHolds } from './helpers/shop-fixture.js';
import { DAY } from './helpers/time.js';

/**
 * spec 2 §4 pay type codes and isCanState (ADR 0027): a points exchange paid from the goods fund is 9 (balance +
 * points); a welfare order its points cover entirely is total-score pay (3) of nothing, paid as it is saved; an offline
 * split payment (goods fund part + offline part) reads back as isCanState 6, a wholly offline one as 5.
 */
const t = useTestApp();
const PASSWORD = 'demo1234';
const PIN = '123456'; // 13800000001's payment password in the demo

beforeAll(async () => {
  // The demo grades carry gift items; these tests price their own products only.
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

async function rich() {
  const { token, user } = await t.login('13800000001', PASSWORD);
  return { token, agentId: Number(user.agentId), addressId: await addAddress(t, token) };
}

const save = (token: string, payload: Record<string, unknown>) => t.call(saveOrderInfo, { ...payload, idempotencyKey: randomUUID() }, { token });
const pay = (token: string, payload: Record<string, unknown>) => t.call(orderPayment, { ...payload, idempotencyKey: randomUUID() }, { token });
const orderRow = (id: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A running points exchange (kind 1: 100 points a unit, no money) of a 500 g product: freight to 北京 is paid in money. */
async function exchange() {
  const p = await addProduct(t, { stock: 10, finalPrice: 5_000, weight: 500 });
  const now = t.clock.now().getTime();
  const act = await t.db.kysely
    .insertInto('activities')
    .values({
      plat_id: t.config.platId,
      product_id: p.prodId,
      exchange_type: 1,
      expiry_start_date: new Date(now - DAY).toISOString(),
      expiry_end_date: new Date(now + DAY).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('activity_items').values({ activity_id: Number(act.id), single_prod_id: p.singleProdId, exchange_integral: 100, exchange_price: 0, last_num: 10 }).execute();
  return { ...p, seckillId: Number(act.id) };
}

async function setStore(agentId: number, fen: number) {
  await t.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('agents').select('last_store').where('id', '=', agentId).executeTakeFirstOrThrow();
    const diff = fen - Number(row.last_store);
    if (diff !== 0) await moveBalance(trx, { platId: t.config.platId, agentId, account: 'store', amount: diff, changeState: 11, orderCode: null, remark: '测试调整', at: t.clock.now().toISOString() });
  });
}

describe('a points exchange paid from the goods fund is 9 (balance + points)', () => {
  it('saved with the total score (14), paid on the payment screen from the goods fund: 9, not 1', async () => {
    const a = await rich();
    const x = await exchange();
    const saved = await save(a.token, { orderType: 3, payType: 3, payPassword: PIN, addressId: a.addressId, seckillId: x.seckillId, orderProductDetailBos: [{ singleProdId: x.singleProdId, buyNum: 1 }] });
    expect(saved.body.obj).toMatchObject({ orderType: 3, payType: 14, circulationState: 1, actualPoint: 100 });
    expect(saved.body.obj.postMoney).not.toBe('0.00');
    const paid = await pay(a.token, { id: saved.body.obj.id, payType: 1, payPassword: PIN });
    expect(paid.body.obj).toMatchObject({ circulationState: 3, payType: 9 });
    expect((await orderRow(saved.body.obj.id)).pay_type).toBe(9);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('the settlement radio "goods-fund balance" on a points exchange saves 9 and pays as 9', async () => {
    const a = await rich();
    const x = await exchange();
    const saved = await save(a.token, { orderType: 3, payType: 1, payPassword: PIN, addressId: a.addressId, seckillId: x.seckillId, orderProductDetailBos: [{ singleProdId: x.singleProdId, buyNum: 1 }] });
    expect(saved.body.obj).toMatchObject({ orderType: 3, payType: 9, circulationState: 1 });
    const paid = await pay(a.token, { id: saved.body.obj.id, payType: 1, payPassword: PIN });
    expect(paid.body.obj).toMatchObject({ circulationState: 3, payType: 9 });
  });

  it('an ordinary order paid from the goods fund stays 1', async () => {
    const a = await rich();
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const saved = await save(a.token, { orderType: 1, payType: 1, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] });
    const paid = await pay(a.token, { id: saved.body.obj.id, payType: 1, payPassword: PIN });
    expect(paid.body.obj).toMatchObject({ circulationState: 3, payType: 1 });
  });
});

describe('spec 1 §4: a points order that the points fully cover switches to total-score pay', () => {
  it('welfare goods whose points offset covers all of it: payType 3, paid as saved (awaiting shipment), nothing left to pay', async () => {
    const a = await rich();
    // 2 × 5.50 with 5.50 deductible a unit and no weight (no freight): 11 points pay all of it.
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 550, touchMoney: 550, weight: 0 });
    const before = await t.db.kysely.selectFrom('agents').select('lave_integral').where('id', '=', a.agentId).executeTakeFirstOrThrow();
    const saved = await save(a.token, { orderType: 2, usePoints: true, payPassword: PIN, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] });
    expect(saved.body.errorType).toBe('SUCCESS');
    expect(saved.body.obj).toMatchObject({ orderType: 2, payType: 3, circulationState: 3, actualMoney: '0.00', pointBalanceMoney: '11.00', balancePoint: 11 });
    const row = await orderRow(saved.body.obj.id);
    expect([row.pay_state, row.pay_date]).toEqual([1, t.clock.now().toISOString()]);
    // The welfare gift points of a paid order are credited once (14), the 11 points taken (23).
    const after = await t.db.kysely.selectFrom('agents').select('lave_integral').where('id', '=', a.agentId).executeTakeFirstOrThrow();
    expect(after.lave_integral).toBe(before.lave_integral - 11 + row.gift_point);
    expect((await pay(a.token, { id: saved.body.obj.id, payType: 1, payPassword: PIN })).body.msg).toBe('订单已支付或已关闭，请勿重复支付');
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('the same with a radio sent along (goods fund): still 3 and paid, the radio has nothing to pay', async () => {
    const a = await rich();
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 550, touchMoney: 550, weight: 0 });
    const saved = await save(a.token, { orderType: 2, payType: 1, usePoints: true, payPassword: PIN, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] });
    expect(saved.body.obj).toMatchObject({ payType: 3, circulationState: 3, actualMoney: '0.00' });
  });

  it('points covering part of it only: the radio decides as before (1), unpaid', async () => {
    const a = await rich();
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 550, weight: 0 });
    const saved = await save(a.token, { orderType: 2, payType: 1, usePoints: true, payPassword: PIN, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] });
    expect(saved.body.obj).toMatchObject({ payType: 1, circulationState: 1, actualMoney: '74.50' });
  });
});

describe('isCanState after an offline payment is sent (spec 1 §4 table)', () => {
  it('goods fund 100.00 of 250.00, the rest offline: 6 with the parts it was sent with, payType 8', async () => {
    const a = await rich();
    await setStore(a.agentId, 10_000);
    const p = await addProduct(t, { stock: 10, finalPrice: 12_000 });
    const saved = await save(a.token, { orderType: 1, payType: 1, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] });
    const id = saved.body.obj.id;
    expect((await t.call(selectOrderPayInfo, { id }, { token: a.token })).body.obj).toMatchObject({ isCanState: 4, goodsPayMoney: '100.00', outstanding: '150.00' });
    const bo = { accountId: await receivingAccountId(t, a.token), remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl: await uploadVoucher(t, a.token) };
    const sent = await pay(a.token, { id, payType: 8, orderReceiptRecordBo: bo, goodsPayMoney: '100.00', offlinePayMoney: '150.00', payPassword: PIN });
    expect(sent.body.obj).toMatchObject({ circulationState: 2, payType: 8 });
    const info = (await t.call(selectOrderPayInfo, { id }, { token: a.token })).body.obj;
    expect(info).toMatchObject({ isCanState: 6, goodsPayMoney: '100.00', outstanding: '150.00', lastStore: '0.00' });
    await setStore(a.agentId, 5_000_000);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('offline chosen at the settlement and sent: 5, all of it offline', async () => {
    const a = await rich();
    const p = await addProduct(t, { stock: 10, finalPrice: 12_000 });
    const saved = await save(a.token, { orderType: 1, payType: 4, addressId: a.addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] });
    const id = saved.body.obj.id;
    const bo = { accountId: await receivingAccountId(t, a.token), remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl: await uploadVoucher(t, a.token) };
    const sent = await pay(a.token, { id, payType: 8, orderReceiptRecordBo: bo, goodsPayMoney: '0.00', offlinePayMoney: '250.00' });
    expect(sent.body.obj).toMatchObject({ circulationState: 2, payType: 4 });
    expect((await t.call(selectOrderPayInfo, { id }, { token: a.token })).body.obj).toMatchObject({ isCanState: 5, goodsPayMoney: '0.00', outstanding: '250.00' });
  });
});
