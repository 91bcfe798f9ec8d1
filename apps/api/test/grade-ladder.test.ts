import { describe, expect, it } from 'vitest';
import { saveProduct, saveProductSpec, staffLogin } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';

// ADR 0032: grade prices that make sense — a higher grade never pays more than a lower one for the same spec, and no
// grade more than retail, unless an override reason is given (audited).
const t = useTestApp();

async function operator() {
  return (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
}
const gradesByLevel = () =>
  t.db.kysely.selectFrom('grades').select(['id', 'grade_name', 'grade_level']).where('plat_id', '=', t.config.platId).orderBy('grade_level').execute();

async function setUp() {
  const token = await operator();
  const grades = await gradesByLevel();
  const ids = grades.map((g) => Number(g.id));
  const p = await staffCall(t, saveProduct, { prodName: '阶梯价测试', prodType: 1, images: ['/demo/detail-quality.svg'], remark: '<p>x</p>', onShelf: true, visibleGradeIds: ids }, { staffToken: token });
  expect(p.body.msg).toBe('商品已保存');
  /** Prices from the lowest grade up, in yuan text. */
  const save = (prices: string[], over: Record<string, unknown> = {}) =>
    staffCall(
      t,
      saveProductSpec,
      { prodId: Number(p.body.obj.prodId), specName: '60粒', retailPrice: '100', gradePrices: ids.map((gradeId, i) => ({ gradeId, price: prices[i] })), weight: 100, stock: 1, ...over },
      { staffToken: token },
    );
  return { grades, save, prodId: Number(p.body.obj.prodId) };
}

describe('grade price ladder', () => {
  it('saves a ladder that falls (or stays level) as the grade rises', async () => {
    const { grades, save } = await setUp();
    const prices = grades.map((_, i) => String(90 - i * 10));
    expect((await save(prices)).body.msg).toBe('规格已保存');
    const level = grades.map(() => '80');
    expect((await save(level)).body.msg).toBe('规格已保存');
  });

  it('refuses a higher grade paying more than the grade below it, naming both grades and the spec', async () => {
    const { grades, save, prodId } = await setUp();
    const prices = grades.map((_, i) => String(90 - i * 10));
    prices[2] = String(Number(prices[1]) + 5); // the third grade pays more than the second
    const reply = await save(prices);
    expect(reply.body.msg).toBe(
      `规格「60粒」：${grades[2]!.grade_name}的价格 ${Number(prices[2]).toFixed(2)} 元高于${grades[1]!.grade_name}的 ${Number(prices[1]).toFixed(2)} 元，高等级不应比低等级贵；请调整价格，或填写价格例外原因后保存`,
    );
    // Nothing was saved: the product has no spec.
    const specs = await t.db.kysely.selectFrom('single_products').select('id').where('product_id', '=', prodId).execute();
    expect(specs).toEqual([]);
  });

  it('refuses a grade paying more than retail, naming the grade and the spec', async () => {
    const { grades, save } = await setUp();
    const prices = grades.map(() => '80');
    prices[0] = '100.01';
    expect((await save(prices)).body.msg).toBe(`规格「60粒」：${grades[0]!.grade_name}的价格 100.01 元高于零售价 100.00 元；请调整价格，或填写价格例外原因后保存`);
  });

  it('an explicit override with a reason saves it and is audited with the reason', async () => {
    const { grades, save } = await setUp();
    const prices = grades.map(() => '80');
    prices[prices.length - 1] = '120';
    const reply = await save(prices, { priceOverrideReason: '钻石代理限量款，总部特批' });
    expect(reply.body.msg).toBe('规格已保存');
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'saveProductSpec').where('target_id', '=', Number(reply.body.obj.singleProdId)).execute();
    expect(audit).toEqual([expect.objectContaining({ detail: expect.stringContaining('价格例外：钻石代理限量款，总部特批') })]);
    expect((await save(prices, { priceOverrideReason: '原'.repeat(81) })).body.msg).toBe('价格例外原因不能超过80个字');
  });
});
