import { describe, expect, it } from 'vitest';
import {
  deleteOrderShopCart,
  editOrderShopCartNum,
  judgeProdNum,
  saveOrderShopCart,
  selectOrderShopCart,
  selectOrderShopCartCount,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addProduct } from './helpers/shop-fixture.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

describe('cart (spec 1 §2 /shop, §4, §5, §7)', () => {
  it('adds a spec, adds to the same line again, lists it with the grade price, counts lines', async () => {
    const { token } = await t.login('13800000004', PASSWORD);
    const p = await addProduct(t, { stock: 50, finalPrice: 12_300, price: 19_900, name: '益生菌' });
    expect((await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 2, prodType: 1 }, { token })).body).toMatchObject({
      errorType: 'SUCCESS',
      msg: '添加购物车成功',
    });
    await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 3, prodType: 1 }, { token });
    const list = await t.call<any>(selectOrderShopCart, { optType: 0 }, { token });
    const line = list.body.objs.find((l: any) => l.singleProdId === p.singleProdId);
    expect(line).toMatchObject({ prodNum: 5, prodType: 1, price: '123.00', virtualNum: 50 });
    expect(line.prodSingleProductBo).toMatchObject({ prodName: '益生菌', finalPrice: '123.00', price: '199.00' });
    expect((await t.call(selectOrderShopCartCount, {}, { token })).body.obj).toBe(list.body.objs.length);
  });

  it.each([
    [{ prodNum: 0 }, '数量不能小于1'],
    [{ prodNum: 100000 }, '数量不能超过99999'],
    [{ prodNum: 1.5 }, '请输入正确的数量'],
    [{ prodType: 3 }, '活动商品不能加入购物车'],
    [{ singleProdId: undefined }, '请选择商品规格'],
  ])('refuses %j with "%s" and adds nothing', async (bad, message) => {
    const { token } = await t.login('13800000004', PASSWORD);
    const p = await addProduct(t, { stock: 5, finalPrice: 1_000 });
    const before = (await t.call(selectOrderShopCart, {}, { token })).body.objs.length;
    const reply = await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 1, prodType: 1, ...bad }, { token });
    expect(reply.body.msg).toBe(message);
    expect((await t.call(selectOrderShopCart, {}, { token })).body.objs.length).toBe(before);
  });

  it('refuses more than the stock, counting what is already in the cart', async () => {
    const { token } = await t.login('13800000004', PASSWORD);
    const p = await addProduct(t, { stock: 3, finalPrice: 1_000, name: '限量款' });
    expect((await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 2, prodType: 1 }, { token })).body.errorType).toBe('SUCCESS');
    const more = await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 2, prodType: 1 }, { token });
    expect(more.body.msg).toBe('限量款 规格库存不足');
  });

  it('refuses a spec of another zone than the one named, and an unknown spec', async () => {
    const { token } = await t.login('13800000004', PASSWORD);
    const welfare = await addProduct(t, { prodType: 2, stock: 5, finalPrice: 1_000 });
    expect((await t.call(saveOrderShopCart, { singleProdId: welfare.singleProdId, prodNum: 1, prodType: 1 }, { token })).body.msg).toBe('商品专区不符');
    expect((await t.call(saveOrderShopCart, { singleProdId: 999_999, prodNum: 1, prodType: 1 }, { token })).body.msg).toBe('商品不存在');
  });

  it('edits quantities and deletes lines; "您还没有选择商品" for an empty delete', async () => {
    const { token } = await t.login('13800000003', PASSWORD);
    const p = await addProduct(t, { stock: 20, finalPrice: 1_000 });
    await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 1, prodType: 1 }, { token });
    const [line] = (await t.call<any>(selectOrderShopCart, {}, { token })).body.objs;
    expect((await t.call(editOrderShopCartNum, { list: [{ cartId: line.cartId, prodNum: 7 }] }, { token })).body.errorType).toBe('SUCCESS');
    expect((await t.call(selectOrderShopCart, {}, { token })).body.objs[0].prodNum).toBe(7);
    expect((await t.call(editOrderShopCartNum, { list: [{ cartId: line.cartId, prodNum: 0 }] }, { token })).body.msg).toBe('数量不能小于1');
    expect((await t.call(deleteOrderShopCart, { cartIdList: [] }, { token })).body.msg).toBe('您还没有选择商品');
    expect((await t.call(deleteOrderShopCart, { cartIdList: [line.cartId] }, { token })).body).toMatchObject({ errorType: 'SUCCESS', msg: '删除成功' });
    expect((await t.call(selectOrderShopCart, {}, { token })).body.objs).toEqual([]);
  });

  it("one agent can neither read nor change another agent's cart lines", async () => {
    const a = await t.login('13800000001', PASSWORD);
    const b = await t.login('13800000002', PASSWORD);
    const p = await addProduct(t, { stock: 20, finalPrice: 1_000 });
    await t.call(saveOrderShopCart, { singleProdId: p.singleProdId, prodNum: 4, prodType: 1 }, { token: a.token });
    const aLine = (await t.call<any>(selectOrderShopCart, {}, { token: a.token })).body.objs.find((l: any) => l.singleProdId === p.singleProdId);

    expect((await t.call(selectOrderShopCart, {}, { token: b.token })).body.objs.some((l: any) => l.cartId === aLine.cartId)).toBe(false);
    expect((await t.call(editOrderShopCartNum, { list: [{ cartId: aLine.cartId, prodNum: 1 }] }, { token: b.token })).body.msg).toBe('购物车商品不存在');
    expect((await t.call(deleteOrderShopCart, { cartIdList: [aLine.cartId] }, { token: b.token })).body.msg).toBe('购物车商品不存在');
    const after = (await t.call<any>(selectOrderShopCart, {}, { token: a.token })).body.objs.find((l: any) => l.cartId === aLine.cartId);
    expect(after.prodNum).toBe(4);
  });

  it('checks stock and zones before settlement (judgeProdNum)', async () => {
    const { token } = await t.login('13800000001', PASSWORD);
    const self = await addProduct(t, { stock: 2, finalPrice: 1_000, name: '氨糖' });
    const welfare = await addProduct(t, { prodType: 2, stock: 9, finalPrice: 1_000 });
    expect((await t.call(judgeProdNum, { list: [{ singleProdId: self.singleProdId, buyNum: 2 }] }, { token })).body.errorType).toBe('SUCCESS');
    expect((await t.call(judgeProdNum, { list: [{ singleProdId: self.singleProdId, buyNum: 3 }] }, { token })).body.msg).toBe('氨糖 规格库存不足');
    expect(
      (await t.call(judgeProdNum, { list: [{ singleProdId: self.singleProdId, buyNum: 1 }, { singleProdId: welfare.singleProdId, buyNum: 1 }] }, { token })).body.msg,
    ).toBe('自营区商品和福利区商品不能一起结算');
    expect((await t.call(judgeProdNum, { list: [] }, { token })).body.msg).toBe('请至少选择一个商品进行结算');
  });

  it('needs a session', async () => {
    expect((await t.call(selectOrderShopCart, {})).status).toBe(401);
  });
});
