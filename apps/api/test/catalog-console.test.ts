import { describe, expect, it } from 'vitest';
import {
  adjustStock,
  CATALOG_CONSOLE_MESSAGES as M,
  saveOrderInfo,
  saveProduct,
  saveProductSpec,
  saveSpecGifts,
  selectProdInfoById,
  selectProductAdmin,
  selectProductsAdmin,
  selectStockChanges,
  staffLogin,
  type Operation,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addAddress, stockOf } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';

const t = useTestApp();

const tokens = new Map<string, Promise<string>>();
function tokenOf(username: 'admin' | 'yunying' | 'cangku') {
  if (!tokens.has(username))
    tokens.set(
      username,
      staffCall(t, staffLogin, { username, password: STAFF_PASSWORD }).then((r) => {
        if (r.body.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${r.text}`);
        return r.body.staffToken as string;
      }),
    );
  return tokens.get(username)!;
}
const as = async (username: 'admin' | 'yunying' | 'cangku', op: Parameters<typeof staffCall>[1], payload: unknown) =>
  staffCall(t, op, payload, { staffToken: await tokenOf(username) });

const grades = () => t.db.kysely.selectFrom('grades').select(['id']).where('plat_id', '=', t.config.platId).orderBy('grade_level').execute();

const product = (over: Record<string, unknown> = {}) => ({
  prodName: '控制台新品',
  prodType: 1,
  images: ['/demo/detail-quality.svg'],
  remark: '<p>好产品</p>',
  onShelf: true,
  visibleGradeIds: [] as number[],
  ...over,
});

async function newProduct(over: Record<string, unknown> = {}) {
  const ids = (await grades()).map((g) => Number(g.id));
  const r = await as('yunying', saveProduct, product({ visibleGradeIds: ids, ...over }));
  expect(r.body.msg).toBe('商品已保存');
  return { prodId: Number(r.body.obj.prodId), gradeIds: ids };
}

async function newSpec(prodId: number, gradeIds: number[], over: Record<string, unknown> = {}) {
  const r = await as('yunying', saveProductSpec, {
    prodId,
    specName: '500g',
    retailPrice: '99.90',
    gradePrices: gradeIds.map((gradeId, i) => ({ gradeId, price: `${80 - i * 10}.50` })),
    weight: 500,
    stock: 100,
    ...over,
  });
  expect(r.body.msg).toBe('规格已保存');
  return Number(r.body.obj.singleProdId);
}

describe('products and specs in the console', () => {
  it('refuses bad input with the message a user reads', async () => {
    const { prodId, gradeIds } = await newProduct();
    const cases: [Operation, unknown, string][] = [
      [saveProduct, product({ prodName: '', visibleGradeIds: gradeIds }), M.nameRequired],
      [saveProduct, product({ prodName: '长'.repeat(51), visibleGradeIds: gradeIds }), M.nameTooLong],
      [saveProduct, product({ prodType: 3, visibleGradeIds: gradeIds }), M.zoneRequired],
      [saveProduct, product({ images: [], visibleGradeIds: gradeIds }), M.imagesRequired],
      [saveProduct, product({ images: ['javascript:alert(1)'], visibleGradeIds: gradeIds }), M.imageInvalid],
      [saveProduct, product({ visibleGradeIds: [] }), M.visibleRequired],
      [saveProduct, product({ visibleGradeIds: [999999] }), M.gradeNotFound],
      [saveProduct, product({ prodId: 999999, visibleGradeIds: gradeIds }), M.productNotFound],
    ];
    const spec = { prodId, specName: '1kg', retailPrice: '10', weight: 1000, stock: 5 };
    const prices = (price: string) => gradeIds.map((gradeId) => ({ gradeId, price }));
    cases.push(
      [saveProductSpec, { ...spec, gradePrices: prices('5').slice(1) }, M.gradePriceMissing],
      [saveProductSpec, { ...spec, gradePrices: prices('-5') }, M.gradePriceInvalid],
      [saveProductSpec, { ...spec, gradePrices: prices('0') }, M.gradePriceInvalid],
      [saveProductSpec, { ...spec, gradePrices: prices('5.001') }, M.gradePriceInvalid],
      [saveProductSpec, { ...spec, gradePrices: [...prices('5'), { gradeId: 999999, price: '5' }] }, M.gradeNotFound],
      [saveProductSpec, { ...spec, gradePrices: [...prices('5'), { gradeId: gradeIds[0], price: '6' }] }, M.gradeDuplicate],
      [saveProductSpec, { ...spec, retailPrice: '-1', gradePrices: prices('5') }, M.retailInvalid],
      [saveProductSpec, { ...spec, specName: '规'.repeat(31), gradePrices: prices('5') }, M.specNameTooLong],
      [saveProductSpec, { ...spec, weight: -1, gradePrices: prices('5') }, M.weightInvalid],
      [saveProductSpec, { ...spec, stock: -3, gradePrices: prices('5') }, M.stockInvalid],
      [saveProductSpec, { ...spec, prodId: 999999, gradePrices: prices('5') }, M.productNotFound],
      [adjustStock, { singleProdId: 999999, delta: 1, reason: '盘点' }, M.specNotFound],
      [adjustStock, { singleProdId: 1, delta: 0, reason: '盘点' }, M.deltaInvalid],
      [adjustStock, { singleProdId: 1, delta: 1.5, reason: '盘点' }, M.deltaInvalid],
      [adjustStock, { singleProdId: 1, delta: 1, reason: '' }, M.reasonRequired],
      [saveSpecGifts, { singleProdId: 1, gifts: [{ gradeId: gradeIds[0], buyNum: 0 }] }, M.buyNumInvalid],
    );
    for (const [op, payload, message] of cases) {
      const r = await as('yunying', op, payload);
      expect([op.name, r.body.errorType === 'SUCCESS' ? 'SUCCESS' : r.body.msg]).toEqual([op.name, message]);
    }
    const specs = await t.db.kysely.selectFrom('single_products').select('id').where('product_id', '=', prodId).execute();
    expect(specs).toEqual([]);
  });

  it('stores sanitised HTML, the images in order, visibility, and audits before → after', async () => {
    const { prodId, gradeIds } = await newProduct({
      remark: '<p onclick="x()">详情<script>alert(1)</script><img src="javascript:alert(2)"><a href="https://ok.example">链接</a></p>',
      images: ['/demo/a.svg', '/demo/b.svg'],
    });
    const specId = await newSpec(prodId, gradeIds);
    const created = await as('yunying', selectProductAdmin, { prodId });
    expect(created.body.obj.remark).toBe('<p>详情<a href="https://ok.example" target="_blank" rel="noopener noreferrer">链接</a></p>');
    expect(created.body.obj.images).toEqual(['/demo/a.svg', '/demo/b.svg']);
    await as('yunying', saveProduct, product({ prodId, prodName: '改名新品', images: ['/demo/b.svg', '/demo/a.svg'], visibleGradeIds: gradeIds.slice(1) }));
    const r = await as('cangku', selectProductAdmin, { prodId });
    const p = r.body.obj;
    expect(p.prodName).toBe('改名新品');
    expect(p.images).toEqual(['/demo/b.svg', '/demo/a.svg']);
    expect(p.remark).toBe('<p>好产品</p>');
    expect(p.visibleGradeIds).toEqual(gradeIds.slice(1));
    expect(p.specs[0]).toMatchObject({ singleProdId: specId, specName: '500g', retailPrice: '99.90', stock: 100, weight: 500 });
    expect(p.specs[0].gradePrices.map((g: { price: string }) => g.price)).toEqual(gradeIds.map((_, i) => `${80 - i * 10}.50`));

    const audits = await t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'product').where('target_id', '=', prodId).orderBy('id').execute();
    expect(audits.map((a) => a.operation)).toEqual(['saveProduct', 'saveProduct']);
    expect(audits[1]!.before_state).toContain('控制台新品');
    expect(audits[1]!.after_state).toContain('改名新品');
    expect(audits[1]!.staff_name).toBe('yunying');

    // Grade index 2 is hidden now: its agent neither sees the product nor can order it; grade 3 still sees it.
    await as('yunying', saveProduct, product({ prodId, prodName: '改名新品', images: ['/demo/b.svg', '/demo/a.svg'], visibleGradeIds: gradeIds.filter((_, i) => i !== 2) }));
    const hiddenFrom = await t.login('13800000004', 'demo1234');
    expect((await t.call(selectProdInfoById, { prodId }, { token: hiddenFrom.token })).body.msg).toBe('商品不存在');
    const seer = await t.login('13800000001', 'demo1234');
    const seen = await t.call(selectProdInfoById, { prodId }, { token: seer.token });
    expect(seen.body.obj.prodSingleProductBos.map((s: { finalPrice: string }) => s.finalPrice)).toEqual(['50.50']);
    const list = await as('yunying', selectProductsAdmin, { phonePage: { pageNum: 1, pageSize: 10 }, keyword: '改名' });
    expect(list.body.objs).toMatchObject([{ prodId, prodName: '改名新品', stock: 100, minPrice: '99.90', maxPrice: '99.90', onShelf: true }]);
    const pattern = await as('yunying', selectProductsAdmin, { phonePage: { pageNum: 1, pageSize: 10 }, keyword: '改%品' });
    expect(pattern.body.obj.total).toBe(0);
  });

  it('keeps the welfare points rule on welfare goods only, never above the retail price', async () => {
    const welfare = await newProduct({ prodType: 2 });
    const tooHigh = await as('yunying', saveProductSpec, {
      prodId: welfare.prodId,
      specName: '福利装',
      retailPrice: '10',
      gradePrices: welfare.gradeIds.map((gradeId) => ({ gradeId, price: '8' })),
      weight: 100,
      stock: 1,
      touchMoney: '10.01',
    });
    expect(tooHigh.body.msg).toBe(M.touchMoneyTooHigh);
    const specId = await newSpec(welfare.prodId, welfare.gradeIds, { touchMoney: '5.5', integralNum: 12 });
    const self = await newProduct();
    const selfSpec = await newSpec(self.prodId, self.gradeIds, { touchMoney: '5.5', integralNum: 12 });
    const rows = await t.db.kysely.selectFrom('single_products').select(['id', 'touch_state', 'touch_money', 'integral_num']).where('id', 'in', [specId, selfSpec]).orderBy('id').execute();
    expect(rows.map((r) => [r.touch_state, Number(r.touch_money), r.integral_num])).toEqual([
      [1, 550, 12],
      [0, 0, 0],
    ]);
    // Moved to the self-operated zone, the welfare spec loses its rule.
    await as('yunying', saveProduct, product({ prodId: welfare.prodId, prodType: 1, visibleGradeIds: welfare.gradeIds }));
    const moved = await t.db.kysely.selectFrom('single_products').select(['touch_state', 'touch_money', 'integral_num']).where('id', '=', specId).executeTakeFirstOrThrow();
    expect([moved.touch_state, Number(moved.touch_money), moved.integral_num]).toEqual([0, 0, 0]);
  });

  it('saves gifts per grade with an audit record; only admin and operator may write', async () => {
    const { prodId, gradeIds } = await newProduct();
    const specId = await newSpec(prodId, gradeIds);
    const r = await as('yunying', saveSpecGifts, { singleProdId: specId, gifts: [{ gradeId: gradeIds[0], buyNum: 2 }] });
    expect(r.body.msg).toBe('赠品已保存');
    const gifts = await t.db.kysely.selectFrom('grade_gifts').selectAll().where('single_prod_id', '=', specId).execute();
    expect(gifts.map((g) => [Number(g.grade_id), g.buy_num])).toEqual([[gradeIds[0], 2]]);
    const denied = await as('cangku', saveProduct, product({ visibleGradeIds: gradeIds }));
    expect(denied.body.errorType).toBe('FORBIDDEN');
  });
});

describe('two staff saving the same spec at once', () => {
  it('parallel price and gift saves all succeed and leave one complete set, never a mix or a duplicate', async () => {
    const { prodId, gradeIds } = await newProduct();
    const specId = await newSpec(prodId, gradeIds);
    const saves = Array.from({ length: 6 }, (_, n) =>
      as(n % 2 ? 'admin' : 'yunying', saveProductSpec, {
        singleProdId: specId,
        prodId,
        specName: `版本${n}`,
        retailPrice: `${100 + n}`,
        gradePrices: gradeIds.map((gradeId) => ({ gradeId, price: `${50 + n}` })),
        weight: 500,
      }),
    );
    const gifts = Array.from({ length: 6 }, (_, n) => as(n % 2 ? 'admin' : 'yunying', saveSpecGifts, { singleProdId: specId, gifts: gradeIds.map((gradeId) => ({ gradeId, buyNum: n + 1 })) }));
    const replies = await Promise.all([...saves, ...gifts]);
    expect(replies.map((r) => r.body.errorType)).toEqual(replies.map(() => 'SUCCESS'));
    const spec = await t.db.kysely.selectFrom('single_products').selectAll().where('id', '=', specId).executeTakeFirstOrThrow();
    const n = Number(spec.spec_disp_str.replace('版本', ''));
    const prices = await t.db.kysely.selectFrom('grade_prices').selectAll().where('single_prod_id', '=', specId).execute();
    expect(prices.map((p) => Number(p.final_price))).toEqual(gradeIds.map(() => (50 + n) * 100));
    const given = await t.db.kysely.selectFrom('grade_gifts').selectAll().where('single_prod_id', '=', specId).execute();
    expect(given).toHaveLength(gradeIds.length);
    expect(new Set(given.map((g) => g.buy_num)).size).toBe(1);
  });
});

describe('stock changes while orders are placed', () => {
  it('parallel orders and adjustments: never oversold or negative, every delta recorded', async () => {
    const { prodId, gradeIds } = await newProduct();
    const initial = 20;
    const specId = await newSpec(prodId, gradeIds, { stock: initial });
    await t.db.kysely.deleteFrom('grade_gifts').execute();
    const { token } = await t.login('13800000001', 'demo1234');
    const addressId = await addAddress(t, token);
    const order = { orderType: 1, payType: 1, addressId, orderProductDetailBos: [{ singleProdId: specId, buyNum: 1 }] };
    // -100 can never apply (at most 34 units exist): it is refused and recorded nowhere.
    const deltas = [3, -4, 5, -100, 2, -1, -2, 4];
    const replies = await Promise.all([
      ...Array.from({ length: 30 }, () => t.call(saveOrderInfo, order, { token })),
      ...deltas.map((delta, i) => as(i % 2 ? 'cangku' : 'yunying', adjustStock, { singleProdId: specId, delta, reason: `盘点${i}` })),
    ]);
    expect(replies.filter((r) => r.status !== 200)).toEqual([]);
    const sold = replies.slice(0, 30).filter((r) => r.body.errorType === 'SUCCESS').length;
    const applied = deltas.filter((_, i) => replies[30 + i]!.body.errorType === 'SUCCESS');
    expect(sold).toBeGreaterThan(0);
    expect(applied.length).toBeGreaterThan(0);
    for (const [i, r] of replies.slice(30).entries()) if (r.body.errorType !== 'SUCCESS') expect([deltas[i], r.body.msg]).toEqual([deltas[i], M.stockTooLow]);
    expect(replies[33]!.body.msg).toBe(M.stockTooLow);

    const final = await stockOf(t, specId);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(initial - sold + applied.reduce((a, b) => a + b, 0));
    const records = await t.db.kysely.selectFrom('stock_changes').selectAll().where('single_prod_id', '=', specId).orderBy('id').execute();
    expect(records.map((r) => r.delta).sort()).toEqual([...applied].sort());
    for (const r of records) expect(r.stock_after).toBeGreaterThanOrEqual(0);
    const audits = await t.db.kysely.selectFrom('audit_logs').select('id').where('operation', '=', 'adjustStock').where('target_id', '=', specId).execute();
    expect(audits.length).toBe(applied.length);

    const history = await as('cangku', selectStockChanges, { singleProdId: specId, phonePage: { pageNum: 1, pageSize: 50 } });
    expect(history.body.obj.total).toBe(applied.length);
    expect(history.body.objs[0].reason).toMatch(/^盘点\d$/);
  });
});
