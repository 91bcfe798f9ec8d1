import { beforeAll, describe, expect, it } from 'vitest';
import { previewOrder, saveOrderInfo, saveOrderShopCart, selectOrderPostMoney, selectOrderShopCart } from '@shop/contract';
import { useTestApp, type TestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

// The demo grades carry gift items; these tests price their own products only.
beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

async function buyer(phone = '13800000001') {
  const { token, user } = await t.login(phone, PASSWORD);
  return { token, user, addressId: await addAddress(t, token) };
}

const order = (addressId: number, singleProdId: number, extra: Record<string, unknown> = {}) => ({
  orderType: 1,
  payType: 1,
  addressId,
  orderProductDetailBos: [{ singleProdId, buyNum: 2 }],
  ...extra,
});

async function pointsOf(t: TestApp, phone: string) {
  const row = await t.db.kysely.selectFrom('agents').select('lave_integral').where('phone', '=', phone).executeTakeFirstOrThrow();
  return row.lave_integral;
}

describe('saveOrderInfo (spec 1 §3, §4, §5)', () => {
  it('creates the order with server-computed amounts, takes the stock and clears the ordered cart lines', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { stock: 10, finalPrice: 12_000, weight: 600 });
    await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 2, prodType: 1 }, { token });
    const cartId = (await t.call(selectOrderShopCart, {}, { token })).body.objs.find((l: any) => l.singleProdId === p.singleProdId).cartId;

    const reply = await t.call(saveOrderInfo, order(addressId, p.singleProdId, { orderShopCart: [cartId], totalMoney: '240.00' }), { token });
    expect(reply.body.errorType).toBe('SUCCESS');
    const info = reply.body.obj;
    // 2 × 600 g = 1.2 kg in 北京: 10.00 for the first kilogram + 5.00 for the started second one.
    expect(info).toMatchObject({ orderType: 1, payType: 1, circulationState: 1, totalMoney: '240.00', postMoney: '15.00', actualMoney: '255.00' });
    expect(info.orderCode).toMatch(/^DD\d{20}$/);
    expect(info.createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await stockOf(t, p.singleProdId)).toBe(8);
    expect((await t.call(selectOrderShopCart, {}, { token })).body.objs.some((l: any) => l.cartId === cartId)).toBe(false);
  });

  it('makes postage free from the threshold; the upper agent bears it when there is one', async () => {
    const top = await buyer('13800000001'); // no inviter
    const p = await addProduct(t, { stock: 10, finalPrice: 60_000 }); // 2 × 600.00 ≥ 1000.00
    expect((await t.call(saveOrderInfo, order(top.addressId, p.singleProdId), { token: top.token })).body.obj).toMatchObject({ postMoney: '0.00', isUpSendPost: 0 });
    const post = await t.call(
      selectOrderPostMoney,
      { receiveCountyId: '110101', orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] },
      { token: top.token },
    );
    expect(post.body.obj).toMatchObject({ postMoney: '10.00', isUpSendPost: 0, freeFrom: '1000.00' });
  });

  it('refuses amounts that differ from what the server computes, and takes nothing', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { stock: 10, finalPrice: 12_000 });
    const reply = await t.call(saveOrderInfo, order(addressId, p.singleProdId, { totalMoney: '1.00' }), { token });
    expect(reply.body.msg).toBe('订单金额已变化，请刷新后重试');
    expect(await stockOf(t, p.singleProdId)).toBe(10);
  });

  it.each([
    [{ addressId: undefined }, '请选择收货地址'],
    [{ payType: undefined }, '请选择支付方式'],
    [{ payType: 9 }, '请选择支付方式'],
    [{ orderNote: '留'.repeat(51) }, '买家留言不能超过50个字'],
    [{ orderProductDetailBos: [] }, '请选择商品'],
    [{ orderProductDetailBos: [{ singleProdId: 1, buyNum: 0 }] }, '数量不能小于1'],
  ])('refuses %j with "%s"', async (bad, message) => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    expect((await t.call(saveOrderInfo, { ...order(addressId, p.singleProdId), ...bad }, { token })).body.msg).toBe(message);
    expect(await stockOf(t, p.singleProdId)).toBe(10);
  });

  it("refuses another agent's address", async () => {
    const a = await buyer('13800000001');
    const b = await buyer('13800000004');
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    expect((await t.call(saveOrderInfo, order(a.addressId, p.singleProdId), { token: b.token })).body.msg).toBe('请选择收货地址');
  });

  it('lets only an active agent without a deposit due buy (spec 1 §4 gate)', async () => {
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const fresh = await buyer('13800000002');
    expect((await t.call(saveOrderInfo, order(fresh.addressId, p.singleProdId), { token: fresh.token })).body.msg).toBe('请先完成首次充值后再购买');
    const bond = await buyer('13800000003');
    expect((await t.call(saveOrderInfo, order(bond.addressId, p.singleProdId), { token: bond.token })).body.msg).toBe('请先缴纳合规金后再购买');
  });

  it('applies the pay-method rules of spec 1 §5', async () => {
    const p = await addProduct(t, { stock: 10, finalPrice: 20_000 });
    const poor = await buyer('13800000004'); // goods fund 0.00, income 100.00, no openId
    expect((await t.call(saveOrderInfo, order(poor.addressId, p.singleProdId, { payType: 1 }), { token: poor.token })).body.msg).toBe('货款余额不足');
    expect((await t.call(saveOrderInfo, order(poor.addressId, p.singleProdId, { payType: 2 }), { token: poor.token })).body.msg).toBe('您未绑定微信支付');
    expect((await t.call(saveOrderInfo, order(poor.addressId, p.singleProdId, { payType: 3 }), { token: poor.token })).body.msg).toBe('总分余额不足');

    const rich = await buyer('13800000001'); // payment password 123456
    expect((await t.call(saveOrderInfo, order(rich.addressId, p.singleProdId, { payType: 3 }), { token: rich.token })).body.msg).toBe('请输入支付密码');
    expect((await t.call(saveOrderInfo, order(rich.addressId, p.singleProdId, { payType: 3, payPassword: '654321' }), { token: rich.token })).body.msg).toBe('密码错误，还可输入4次');
    expect((await t.call(saveOrderInfo, order(rich.addressId, p.singleProdId, { payType: 3, payPassword: '12345' }), { token: rich.token })).body.msg).toBe('请输入6位数字支付密码');
    const ok = await t.call(saveOrderInfo, order(rich.addressId, p.singleProdId, { payType: 3, payPassword: '123456' }), { token: rich.token });
    expect(ok.body.obj).toMatchObject({ payType: 3, circulationState: 1 });
    expect(await stockOf(t, p.singleProdId)).toBe(8);
  });

  it('offsets welfare goods with points: ceil(deductible × pointChange), taken with a ledger record', async () => {
    const { token, addressId } = await buyer('13800000001');
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 550 });
    const before = await pointsOf(t, '13800000001');
    const reply = await t.call(saveOrderInfo, order(addressId, p.singleProdId, { orderType: 2, usePoints: true, payPassword: '123456' }), { token });
    // 2 × 5.50 = 11.00 deductible → 11 points; 2 × 80.00 + 10.00 freight − 11.00
    expect(reply.body.obj).toMatchObject({ orderType: 2, totalMoney: '160.00', postMoney: '10.00', pointBalanceMoney: '11.00', balancePoint: 11, actualMoney: '159.00' });
    expect(await pointsOf(t, '13800000001')).toBe(before - 11);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('pays a points exchange fully covered by points at once (payType 5, awaiting shipment)', async () => {
    const { token, addressId } = await buyer('13800000001');
    const p = await addProduct(t, { stock: 10, finalPrice: 5_000, weight: 0 });
    const k = t.db.kysely;
    const now = t.clock.now().getTime();
    const act = await k
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
    await k.insertInto('activity_items').values({ activity_id: Number(act.id), single_prod_id: p.singleProdId, exchange_integral: 100, exchange_price: 0, last_num: 3 }).execute();
    const before = await pointsOf(t, '13800000001');
    const reply = await t.call(
      saveOrderInfo,
      { orderType: 3, payType: 2, addressId, seckillId: Number(act.id), orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }], payPassword: '123456' },
      { token },
    );
    expect(reply.body.msg).toBe('下单成功');
    expect(reply.body.obj).toMatchObject({ orderType: 3, payType: 5, circulationState: 3, actualMoney: '0.00', actualPoint: 200 });
    expect(await pointsOf(t, '13800000001')).toBe(before - 200);
    const item = await k.selectFrom('activity_items').select('last_num').where('activity_id', '=', Number(act.id)).executeTakeFirstOrThrow();
    expect(item.last_num).toBe(1);
    const more = await t.call(
      saveOrderInfo,
      { orderType: 3, payType: 2, addressId, seckillId: Number(act.id), orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }], payPassword: '123456' },
      { token },
    );
    expect(more.body.msg).toMatch(/库存不足$/);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('answers a repeated submission with the first order (idempotency key)', async () => {
    const { token, addressId } = await buyer();
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const first = await t.call(saveOrderInfo, order(addressId, p.singleProdId, { idempotencyKey: 'k-1' }), { token });
    const again = await t.call(saveOrderInfo, order(addressId, p.singleProdId, { idempotencyKey: 'k-1' }), { token });
    expect(again.body.obj.id).toBe(first.body.obj.id);
    expect(await stockOf(t, p.singleProdId)).toBe(8);
  });

  it('30 parallel orders for 10 in stock: exactly 10 units sold, stock 0, never negative', async () => {
    const { token, addressId } = await buyer('13800000001');
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call(saveOrderInfo, { ...order(addressId, p.singleProdId), orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 1 }] }, { token }),
      ),
    );
    const ok = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(ok).toHaveLength(10);
    expect(replies.filter((r) => r.body.errorType !== 'SUCCESS').every((r) => /库存不足$/.test(r.body.msg))).toBe(true);
    expect(await stockOf(t, p.singleProdId)).toBe(0);
    const sold = await t.db.kysely
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<number>('buy_num').as('n'))
      .where('single_prod_id', '=', p.singleProdId)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(10);
  });

  it('previews exactly what saving charges: lines, the grade gifts, freight to the address, the points offer', async () => {
    const { token, user, addressId } = await buyer('13800000001');
    const gift = await addProduct(t, { stock: 5, finalPrice: 3_000, weight: 200, name: '赠品' });
    await t.db.kysely.insertInto('grade_gifts').values({ grade_id: user.gradeId, single_prod_id: gift.singleProdId, buy_num: 1 }).execute();
    const p = await addProduct(t, { stock: 10, finalPrice: 10_000, weight: 900 });
    const lines = [{ singleProdId: p.singleProdId, buyNum: 1 }];
    const preview = await t.call(previewOrder, { orderType: 1, orderProductDetailBos: lines, addressId }, { token });
    // 900 g + the 200 g gift = 1.1 kg → 15.00
    expect(preview.body.obj).toMatchObject({ totalMoney: '100.00', postMoney: '15.00', actualMoney: '115.00', pointsOffered: 0 });
    expect(preview.body.obj.gifts).toEqual([expect.objectContaining({ singleProdId: gift.singleProdId, buyNum: 1, finalPrice: '0.00', isFirstGift: 1 })]);
    const saved = await t.call(saveOrderInfo, { orderType: 1, payType: 1, addressId, orderProductDetailBos: lines, actualMoney: '115.00' }, { token });
    expect(saved.body.obj.actualMoney).toBe('115.00');
    expect(await stockOf(t, gift.singleProdId)).toBe(4);
    await t.db.kysely.deleteFrom('grade_gifts').where('single_prod_id', '=', gift.singleProdId).execute();

    const welfare = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 1_000 });
    const w = { orderType: 2, orderProductDetailBos: [{ singleProdId: welfare.singleProdId, buyNum: 3 }], addressId };
    const offer = await t.call(previewOrder, { ...w, usePoints: true }, { token });
    expect(offer.body.obj).toMatchObject({ pointsOffered: 1, pointsNeeded: 30, pointsMoney: '30.00', totalMoney: '240.00', postMoney: '15.00', actualMoney: '225.00' });
    const without = await t.call(previewOrder, w, { token });
    expect(without.body.obj.actualMoney).toBe('255.00');
  });
});
