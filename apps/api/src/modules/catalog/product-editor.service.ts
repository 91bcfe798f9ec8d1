import {
  CATALOG_CONSOLE_MESSAGES as M,
  fenToYuan,
  GRADE_LADDER_MESSAGES,
  type OpParsedInput,
  type saveProduct,
  type saveProductSpec,
  type saveSpecGifts,
  type selectProductsAdmin,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './product-editor.repository.js';
import { findGrades } from './catalog.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

export const refuse = (message: string): never => {
  throw new AppError('VALIDATION', message);
};
export const pageOf = (page: { pageSize: number; pageNum: number }, total: number) => ({
  phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) },
  total,
});

const describeProduct = (p: repo.ProductValues, visible: number[]) =>
  `${p.prod_name}/专区${p.prod_type}/${p.is_phone_show ? '上架' : '下架'}/可见等级${visible.join(',')}/图片${p.detail_img_urls.split(';').length}张`;
const describeSpec = (s: repo.SpecValues, prices: { gradeId: number; price: number }[]) =>
  `${s.spec_disp_str}/零售${fenToYuan(s.price)}/${prices.map((p) => `等级${p.gradeId}:${fenToYuan(p.price)}`).join(',')}/${s.weight}g` +
  (s.touch_state ? `/抵扣${fenToYuan(s.touch_money)}` : '') +
  (s.integral_num ? `/送${s.integral_num}积分` : '');

/** Products, specs, stock and gifts in the staff console (ADR 0021); every write audited. */
export function createCatalogAdmin({ db, clock }: Deps) {
  const k = db.kysely;

  /** ADR 0032: by grade level, each grade's price is at most the one below it and at most retail. */
  function checkLadder(grades: { id: number | string; grade_name: string; grade_level: number }[], input: { specName: string; retailPrice: number; gradePrices: { gradeId: number; price: number }[] }) {
    const priceOf = new Map(input.gradePrices.map((g) => [g.gradeId, g.price]));
    const ladder = grades.filter((g) => priceOf.has(Number(g.id))).sort((a, b) => a.grade_level - b.grade_level);
    for (const g of ladder) {
      const price = priceOf.get(Number(g.id))!;
      if (price > input.retailPrice) refuse(GRADE_LADDER_MESSAGES.aboveRetail(input.specName, g.grade_name, fenToYuan(price), fenToYuan(input.retailPrice)));
    }
    for (let i = 1; i < ladder.length; i += 1) {
      const lower = ladder[i - 1]!;
      const higher = ladder[i]!;
      const [lp, hp] = [priceOf.get(Number(lower.id))!, priceOf.get(Number(higher.id))!];
      if (higher.grade_level > lower.grade_level && hp > lp) refuse(GRADE_LADDER_MESSAGES.inverted(input.specName, higher.grade_name, fenToYuan(hp), lower.grade_name, fenToYuan(lp)));
    }
  }

  async function gradeIdsOf(platId: string): Promise<number[]> {
    return (await findGrades(k, platId)).map((g) => Number(g.id));
  }
  function checkGrades(all: number[], ids: number[]) {
    if (ids.some((g) => !all.includes(g))) refuse(M.gradeNotFound);
    if (new Set(ids).size !== ids.length) refuse(M.gradeDuplicate);
  }

  return {
    async search(platId: string, input: OpParsedInput<typeof selectProductsAdmin>) {
      const f = { keyword: input.keyword, prodType: input.prodType, onShelf: input.onShelf };
      const total = await repo.countProducts(k, platId, f);
      const rows = await repo.pageProducts(k, platId, f, input.phonePage.pageSize, (input.phonePage.pageNum - 1) * input.phonePage.pageSize);
      return {
        objs: rows.map((r) => ({
          prodId: Number(r.id),
          prodName: r.prod_name,
          prodType: r.prod_type,
          mainImgUrl: r.main_img_url,
          onShelf: r.is_phone_show === 1,
          specCount: Number(r.spec_count),
          stock: Number(r.stock),
          minPrice: Number(r.min_price),
          maxPrice: Number(r.max_price),
          sales: r.base_sale + r.actual_sale,
        })),
        obj: pageOf(input.phonePage, total),
      };
    },

    async detail(platId: string, prodId: number) {
      const p = await repo.findProduct(k, platId, prodId);
      if (!p) throw new AppError('PRODUCT_NOT_FOUND', M.productNotFound);
      const grades = await findGrades(k, platId);
      const hidden = await repo.hiddenGradesOf(k, prodId);
      const specs = await repo.specsOf(k, prodId);
      const ids = specs.map((s) => Number(s.id));
      const prices = await repo.gradePricesOf(k, ids);
      const gifts = await repo.giftsOf(k, ids);
      return {
        obj: {
          prodId: Number(p.id),
          prodName: p.prod_name,
          prodType: p.prod_type,
          prodIntroduction: p.prod_introduction,
          images: p.detail_img_urls ? p.detail_img_urls.split(';') : p.main_img_url ? [p.main_img_url] : [],
          remark: p.prod_remark,
          onShelf: p.is_phone_show === 1,
          visibleGradeIds: grades.map((g) => Number(g.id)).filter((g) => !hidden.includes(g)),
          specs: specs.map((s) => ({
            singleProdId: Number(s.id),
            specName: s.spec_disp_str,
            retailPrice: Number(s.price),
            weight: s.weight,
            stock: s.virtual_num,
            integralNum: s.integral_num,
            touchMoney: s.touch_state ? Number(s.touch_money) : 0,
            gradePrices: prices.filter((x) => Number(x.single_prod_id) === Number(s.id)).map((x) => ({ gradeId: Number(x.grade_id), price: Number(x.final_price) })),
            gifts: gifts.filter((x) => Number(x.single_prod_id) === Number(s.id)).map((x) => ({ gradeId: Number(x.grade_id), buyNum: x.buy_num })),
          })),
        },
        objs: grades.map((g) => ({ id: Number(g.id), gradeName: g.grade_name })),
      };
    },

    async saveProduct(actor: StaffActor, input: OpParsedInput<typeof saveProduct>) {
      const all = await gradeIdsOf(actor.platId);
      checkGrades(all, input.visibleGradeIds);
      const values: repo.ProductValues = {
        prod_name: input.prodName,
        prod_type: input.prodType,
        prod_introduction: input.prodIntroduction,
        prod_remark: sanitizeHtml(input.remark),
        main_img_url: input.images[0]!,
        detail_img_urls: input.images.join(';'),
        is_phone_show: input.onShelf ? 1 : 0,
      };
      const hidden = all.filter((g) => !input.visibleGradeIds.includes(g));
      const at = iso(clock.now());
      const prodId = await k.transaction().execute(async (trx) => {
        let id = input.prodId ?? null;
        let before = '';
        if (id) {
          const old = await repo.findProduct(trx, actor.platId, id);
          if (!old) throw new AppError('PRODUCT_NOT_FOUND', M.productNotFound);
          const oldHidden = await repo.hiddenGradesOf(trx, id);
          before = describeProduct(old, all.filter((g) => !oldHidden.includes(g)));
          // Specs before the product, as placing an order locks them (no deadlock with a sale).
          if (old.prod_type === 2 && values.prod_type !== 2) await repo.clearWelfareRule(trx, id);
          await repo.updateProduct(trx, id, values);
        } else {
          id = await repo.insertProduct(trx, actor.platId, values, at);
        }
        await repo.replaceHiddenGrades(trx, id, hidden);
        await recordAudit(trx, {
          ...actor,
          operation: 'saveProduct',
          targetKind: 'product',
          targetId: id,
          before,
          after: describeProduct(values, input.visibleGradeIds),
          at,
        });
        return id;
      });
      return { obj: { prodId } };
    },

    async saveSpec(actor: StaffActor, input: OpParsedInput<typeof saveProductSpec>) {
      const all = await gradeIdsOf(actor.platId);
      const gradeIds = input.gradePrices.map((g) => g.gradeId);
      checkGrades(all, gradeIds);
      // Every grade needs its price: a grade without one would not see the spec at all (ADR 0007).
      if (all.some((g) => !gradeIds.includes(g))) refuse(M.gradePriceMissing);
      const product = await repo.findProduct(k, actor.platId, input.prodId);
      if (!product) throw new AppError('PRODUCT_NOT_FOUND', M.productNotFound);
      const override = input.priceOverrideReason.trim();
      if (!override) checkLadder(await findGrades(k, actor.platId), input);
      // The welfare points rule belongs to the welfare zone (spec 1 §4: points offset on type 2 orders).
      const welfare = product.prod_type === 2;
      if (welfare && input.touchMoney > input.retailPrice) refuse(M.touchMoneyTooHigh);
      const values: repo.SpecValues = {
        spec_disp_str: input.specName,
        price: input.retailPrice,
        weight: input.weight,
        touch_state: welfare && input.touchMoney > 0 ? 1 : 0,
        touch_money: welfare ? input.touchMoney : 0,
        integral_num: welfare ? input.integralNum : 0,
      };
      const at = iso(clock.now());
      const singleProdId = await k.transaction().execute(async (trx) => {
        let id = input.singleProdId ?? null;
        let before = '';
        if (id) {
          const old = await repo.findSpec(trx, actor.platId, id);
          if (!old || Number(old.product_id) !== input.prodId) throw new AppError('PRODUCT_NOT_FOUND', M.specNotFound);
          const oldPrices = (await repo.gradePricesOf(trx, [id])).map((p) => ({ gradeId: Number(p.grade_id), price: Number(p.final_price) }));
          before = describeSpec(old, oldPrices);
          await repo.updateSpec(trx, id, values);
        } else {
          id = await repo.insertSpec(trx, actor.platId, input.prodId, { ...values, virtual_num: input.stock ?? 0, img_url: product.main_img_url });
        }
        await repo.replaceGradePrices(trx, id, input.gradePrices);
        await recordAudit(trx, {
          ...actor,
          operation: 'saveProductSpec',
          targetKind: 'spec',
          targetId: id,
          before,
          after: describeSpec(values, input.gradePrices) + (input.singleProdId ? '' : `/库存${input.stock ?? 0}`),
          detail: `商品：${product.prod_name}${override ? `；价格例外：${override}` : ''}`,
          at,
        });
        return id;
      });
      return { obj: { singleProdId } };
    },

    async saveGifts(actor: StaffActor, input: OpParsedInput<typeof saveSpecGifts>) {
      checkGrades(await gradeIdsOf(actor.platId), input.gifts.map((g) => g.gradeId));
      const at = iso(clock.now());
      await k.transaction().execute(async (trx) => {
        const spec = await repo.findSpec(trx, actor.platId, input.singleProdId);
        if (!spec) throw new AppError('PRODUCT_NOT_FOUND', M.specNotFound);
        await repo.lockSpec(trx, input.singleProdId);
        const old = await repo.giftsOf(trx, [input.singleProdId]);
        await repo.replaceSpecGifts(trx, input.singleProdId, input.gifts);
        const text = (gs: { gradeId: number; buyNum: number }[]) => gs.map((g) => `等级${g.gradeId}×${g.buyNum}`).join(',') || '无';
        await recordAudit(trx, {
          ...actor,
          operation: 'saveSpecGifts',
          targetKind: 'spec',
          targetId: input.singleProdId,
          before: text(old.map((g) => ({ gradeId: Number(g.grade_id), buyNum: g.buy_num }))),
          after: text(input.gifts),
          detail: `${spec.prod_name} ${spec.spec_disp_str}`,
          at,
        });
      });
      return { obj: { singleProdId: input.singleProdId } };
    },
  };
}
export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
