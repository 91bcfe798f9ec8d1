import { beforeAll, describe, expect, it } from 'vitest';
import { judgeProdNum, previewOrder, saveOrderInfo, saveOrderShopCart } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();

beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

/**
 * An activity with two specs: `open` priced for every grade, `closed` without a price for the buyer's grade. The list
 * and detail screens (catalog.queries) show only what is on the phone and priced for the grade; ordering follows them.
 */
async function activity(gradeId: number, shown = 1) {
  const k = t.db.kysely;
  const open = await addProduct(t, { stock: 10, finalPrice: 5_000, weight: 0 });
  const closed = await k
    .insertInto('single_products')
    .values({ plat_id: t.config.platId, product_id: open.prodId, spec_disp_str: '另一规格', price: 9_000, virtual_num: 10, weight: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const others = await k.selectFrom('grades').select('id').where('plat_id', '=', t.config.platId).where('id', '!=', gradeId).execute();
  await k.insertInto('grade_prices').values(others.map((g) => ({ single_prod_id: Number(closed.id), grade_id: Number(g.id), final_price: 4_000 }))).execute();
  const now = t.clock.now().getTime();
  const act = await k
    .insertInto('activities')
    .values({
      plat_id: t.config.platId,
      product_id: open.prodId,
      exchange_type: 1,
      is_phone_show: shown,
      expiry_start_date: new Date(now - DAY).toISOString(),
      expiry_end_date: new Date(now + DAY).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const single of [open.singleProdId, Number(closed.id)]) {
    await k.insertInto('activity_items').values({ activity_id: Number(act.id), single_prod_id: single, exchange_integral: 10, exchange_price: 0, last_num: 5 }).execute();
  }
  return { seckillId: Number(act.id), prodId: open.prodId, open: open.singleProdId, closed: Number(closed.id) };
}

async function buyer() {
  const { token, user } = await t.login('13800000001', 'demo1234');
  return { token, gradeId: user.gradeId, addressId: await addAddress(t, token) };
}

/** The three doors to an order: the cart's settle check, the settlement preview and saving. */
async function tryAll(token: string, addressId: number, seckillId: number, singleProdId: number) {
  const lines = [{ singleProdId, buyNum: 1 }];
  const check = await t.call(judgeProdNum, { list: [{ singleProdId, buyNum: 1, prodType: 3, activityId: seckillId }] }, { token });
  const preview = await t.call(previewOrder, { orderType: 3, seckillId, addressId, orderProductDetailBos: lines }, { token });
  const save = await t.call(saveOrderInfo, { orderType: 3, payType: 2, seckillId, addressId, orderProductDetailBos: lines, payPassword: '123456' }, { token });
  return [check.body, preview.body, save.body].map((b) => ({ errorType: b.errorType, msg: b.msg }));
}

describe('activities outside the agent’s grade cannot be ordered', () => {
  it('a spec without a price for the grade is refused at the settle check, the preview and saving; nothing is taken', async () => {
    const { token, gradeId, addressId } = await buyer();
    const a = await activity(gradeId);
    const refused = { errorType: 'VALIDATION', msg: '该活动商品不对您的代理等级开放' };
    expect(await tryAll(token, addressId, a.seckillId, a.closed)).toEqual([refused, refused, refused]);
    expect(await stockOf(t, a.closed)).toBe(10);
    const item = await t.db.kysely.selectFrom('activity_items').select('last_num').where('single_prod_id', '=', a.closed).executeTakeFirstOrThrow();
    expect(item.last_num).toBe(5);
    // The spec priced for the grade still goes through every door.
    const [check, preview, save] = await tryAll(token, addressId, a.seckillId, a.open);
    expect([check!.errorType, preview!.errorType, save!.msg]).toEqual(['SUCCESS', 'SUCCESS', '下单成功']);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('a hidden activity is refused as not existing, as its screens say', async () => {
    const { token, gradeId, addressId } = await buyer();
    const a = await activity(gradeId, 0);
    const refused = { errorType: 'VALIDATION', msg: '活动不存在' };
    expect(await tryAll(token, addressId, a.seckillId, a.open)).toEqual([refused, refused, refused]);
  });

  it('an activity none of whose specs is priced for the grade is refused as not existing', async () => {
    const { token, gradeId, addressId } = await buyer();
    const a = await activity(gradeId);
    await t.db.kysely.deleteFrom('grade_prices').where('single_prod_id', '=', a.open).where('grade_id', '=', gradeId).execute();
    expect((await tryAll(token, addressId, a.seckillId, a.open)).map((r) => r.msg)).toEqual(['活动不存在', '活动不存在', '活动不存在']);
  });

  it('activity goods never enter the cart', async () => {
    const { token, gradeId } = await buyer();
    const a = await activity(gradeId);
    const reply = await t.call(saveOrderShopCart, { singleProdId: a.closed, prodNum: 1, prodType: 3 }, { token });
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '活动商品不能加入购物车' });
  });
});
