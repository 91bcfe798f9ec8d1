import { describe, expect, it } from 'vitest';
import { closeDealApp, saveOrderInfo } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';

const t = useTestApp();
const N = 24;

/**
 * Placing an order locked the ordered spec, its product, then the gift's spec; closing another order
 * locked specs in id order (the gift first). With the gift's spec below the ordered one, PostgreSQL found deadlocks
 * under load and the loser answered 500. Every stock mover now locks specs by id, then products by id.
 */
describe('placing and closing gift-bearing orders at once', () => {
  it(`${N} creates and ${N} closes in parallel: no server error, stock and ledger exact`, async () => {
    const { token, user } = await t.login('13800000001', 'demo1234');
    const addressId = await addAddress(t, token);
    // The gift is created first, so its spec id is below the ordered spec's.
    const gift = await addProduct(t, { stock: 1_000, finalPrice: 100, weight: 0, name: '赠品' });
    const goods = await addProduct(t, { stock: 1_000, finalPrice: 1_000, weight: 0 });
    expect(gift.singleProdId).toBeLessThan(goods.singleProdId);
    await t.db.kysely.deleteFrom('grade_gifts').execute();
    await t.db.kysely.insertInto('grade_gifts').values({ grade_id: user.gradeId, single_prod_id: gift.singleProdId, buy_num: 1 }).execute();
    const order = { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: goods.singleProdId, buyNum: 1 }] };

    const first: number[] = [];
    for (let i = 0; i < N; i++) {
      const r = await t.call(saveOrderInfo, order, { token });
      expect(r.body.errorType).toBe('SUCCESS');
      first.push(Number(r.body.obj.id));
    }
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) => [
        t.call(saveOrderInfo, order, { token }),
        t.call(closeDealApp, { id: first[i], closeReason: '不想要了' }, { token }),
      ]).flat(),
    );
    const failed = replies.filter((r) => r.status !== 200 || r.body.errorType !== 'SUCCESS').map((r) => `${r.status} ${r.body.msg}`);
    expect(failed).toEqual([]);
    // N orders stay open, each holding one unit and one gift.
    expect(await stockOf(t, goods.singleProdId)).toBe(1_000 - N);
    expect(await stockOf(t, gift.singleProdId)).toBe(1_000 - N);
    const product = await t.db.kysely.selectFrom('products').select('actual_sale').where('id', '=', goods.prodId).executeTakeFirstOrThrow();
    expect(product.actual_sale).toBe(N);
    expect(await ledgerHolds(t)).toBe(true);
  });
});
