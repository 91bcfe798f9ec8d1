import { beforeAll, describe, expect, it } from 'vitest';
import { closeDealApp, INCOME_CHANGE, POINTS_CHANGE, previewOrder, saveOrderInfo, STORE_CHANGE } from '@shop/contract';
import { pointsCodes } from '../src/db/migrations/006-points-codes.js';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds } from './helpers/shop-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

async function buyer() {
  const { token } = await t.login('13800000001', 'demo1234');
  return { token, addressId: await addAddress(t, token), agentId: await t.agentIdOf('13800000001') };
}

const pointsRecords = (orderCode: string) =>
  t.db.kysely
    .selectFrom('account_changes')
    .select(['change_state', 'amount'])
    .where('account', '=', 'integral')
    .where('order_code', '=', orderCode)
    .orderBy('id')
    .execute();

async function activityOf(prodId: number, singleProdId: number) {
  const now = t.clock.now().getTime();
  const act = await t.db.kysely
    .insertInto('activities')
    .values({
      plat_id: t.config.platId,
      product_id: prodId,
      exchange_type: 1,
      expiry_start_date: new Date(now - DAY).toISOString(),
      expiry_end_date: new Date(now + DAY).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('activity_items').values({ activity_id: Number(act.id), single_prod_id: singleProdId, exchange_integral: 10, exchange_price: 0, last_num: 5 }).execute();
  return Number(act.id);
}

describe('points change codes of spec 3 §9', () => {
  it('the contract holds the three code tables as the spec numbers them', () => {
    expect(POINTS_CHANGE).toMatchObject({ spendingGift: 14, orderClosedRefund: 15, orderCancelledRefund: 16, exchange: 22, offset: 23 });
    expect(INCOME_CHANGE).toMatchObject({ orderCancelledAdd: 19, purchaseUse: 22, postage: 27 });
    expect(STORE_CHANGE).toMatchObject({ orderClosedRefund: 15, purchaseUse: 22 });
  });

  it('writes a welfare offset as 23 and gives it back on close as 15', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 550 });
    const input = { orderType: 2, payType: 1, addressId, usePoints: true, payPassword: '123456', orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] };
    const placed = await t.call(saveOrderInfo, input, { token });
    expect(placed.body.obj).toMatchObject({ balancePoint: 11 });
    const code = placed.body.obj.orderCode as string;
    expect(await pointsRecords(code)).toEqual([{ change_state: 23, amount: -11 }]);
    const closed = await t.call(closeDealApp, { id: placed.body.obj.id, closeReason: '不想要了' }, { token });
    expect(closed.body.msg).toBe('订单已关闭');
    expect(await pointsRecords(code)).toEqual([
      { change_state: 23, amount: -11 },
      { change_state: 15, amount: 11 },
    ]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('keeps an activity exchange as 22', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { stock: 10, finalPrice: 5_000, weight: 0 });
    const seckillId = await activityOf(p.prodId, p.singleProdId);
    const placed = await t.call(saveOrderInfo, { orderType: 3, payType: 2, addressId, seckillId, payPassword: '123456', orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] }, { token });
    expect(placed.body.msg).toBe('下单成功');
    expect(await pointsRecords(placed.body.obj.orderCode)).toEqual([{ change_state: 22, amount: -10 }]);
  });

  it('the text "false" does not switch the points offset on: it is refused', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 550 });
    const lines = [{ singleProdId: p.singleProdId, buyNum: 2 }];
    for (const usePoints of ['false', '0', 'no']) {
      const preview = await t.call(previewOrder, { orderType: 2, addressId, usePoints, orderProductDetailBos: lines }, { token });
      expect(preview.body).toMatchObject({ errorType: 'VALIDATION', msg: '请求参数有误' });
      const saved = await t.call(saveOrderInfo, { orderType: 2, payType: 1, addressId, usePoints, orderProductDetailBos: lines }, { token });
      expect(saved.body).toMatchObject({ errorType: 'VALIDATION', msg: '请求参数有误' });
    }
    const off = await t.call(previewOrder, { orderType: 2, addressId, usePoints: false, orderProductDetailBos: lines }, { token });
    expect(off.body.obj).toMatchObject({ pointsOffered: 1, actualMoney: '170.00' });
  });

  it('migration 006 rewrites the records written with the old codes', async () => {
    const { agentId } = await buyer();
    const k = t.db.kysely;
    const welfare = await k.selectFrom('orders').select(['order_code']).where('order_type', '=', 2).executeTakeFirstOrThrow();
    const exchange = await k.selectFrom('orders').select(['order_code']).where('order_type', '=', 3).executeTakeFirstOrThrow();
    const row = (order_code: string, account: string, change_state: number, amount: number) => ({
      plat_id: t.config.platId, agent_id: agentId, account, amount, balance_after: 0, change_state, order_code, remark: 'old', created_at: t.clock.now().toISOString(),
    });
    await k
      .insertInto('account_changes')
      .values([
        row(welfare.order_code, 'integral', 22, -5),
        row(welfare.order_code, 'integral', 19, 5),
        row(exchange.order_code, 'integral', 22, -7),
        row(welfare.order_code, 'income', 19, 100),
        // Balancing records, so each balance still equals the sum of its records.
        row(exchange.order_code, 'integral', 11, 7),
        row(welfare.order_code, 'income', 21, -100),
      ])
      .execute();
    await pointsCodes().up(k);
    const old = await k.selectFrom('account_changes').select(['order_code', 'account', 'change_state', 'amount']).where('remark', '=', 'old').orderBy('id').execute();
    expect(old).toEqual([
      { order_code: welfare.order_code, account: 'integral', change_state: 23, amount: -5 },
      { order_code: welfare.order_code, account: 'integral', change_state: 15, amount: 5 },
      { order_code: exchange.order_code, account: 'integral', change_state: 22, amount: -7 },
      // Total score: 19 is "order cancelled add" there, and stays.
      { order_code: welfare.order_code, account: 'income', change_state: 19, amount: 100 },
      { order_code: exchange.order_code, account: 'integral', change_state: 11, amount: 7 },
      { order_code: welfare.order_code, account: 'income', change_state: 21, amount: -100 },
    ]);
  });
});
