import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { boolIn, formInOrder, idIn, int, intIn, required } from './validation.js';

/**
 * The catalog in the staff console (ADR 0021): products of zones 1 and 2, their specs with a price per
 * grade, stock changes as recorded deltas, the welfare points rule per spec and gifts per grade. Every write audited.
 */

export const CATALOG_CONSOLE_MESSAGES = {
  productNotFound: '商品不存在',
  specNotFound: '规格不存在',
  gradeNotFound: '等级不存在',
  nameRequired: '请输入商品名称',
  nameTooLong: '商品名称不能超过50个字',
  introTooLong: '商品简介不能超过100个字',
  zoneRequired: '请选择商品专区（自营专区或福利专区）',
  imagesRequired: '请至少上传一张商品图片',
  imagesTooMany: '商品图片最多9张',
  imageInvalid: '图片地址有误，请重新上传',
  remarkTooLong: '商品详情过长（最多20000个字符）',
  visibleRequired: '请至少选择一个可见等级',
  specNameRequired: '请输入规格名称',
  specNameTooLong: '规格名称不能超过30个字',
  retailInvalid: '请输入正确的零售价（大于0，最多两位小数）',
  gradePriceInvalid: '请输入正确的等级价（大于0，最多两位小数）',
  gradePriceMissing: '请填写每个等级的价格',
  gradeDuplicate: '同一等级只能有一个价格',
  weightInvalid: '重量须为0到100000之间的整数（克）',
  stockInvalid: '库存须为0到1000000之间的整数',
  touchMoneyInvalid: '请输入正确的积分抵扣金额（最多两位小数）',
  touchMoneyTooHigh: '积分抵扣金额不能超过零售价',
  integralInvalid: '赠送积分须为0到1000000之间的整数',
  deltaInvalid: '调整数量须为非0整数（减少请输入负数）',
  reasonRequired: '请输入调整原因',
  reasonTooLong: '原因不能超过200个字',
  stockTooLow: '库存不足，无法减少该数量',
  buyNumInvalid: '赠品数量须为1到999之间的整数',
  keywordTooLong: '关键词不能超过32个字',
} as const;
const M = CATALOG_CONSOLE_MESSAGES;

/** Zones a product belongs to (spec 1 §3): 1 self-operated, 2 welfare; activity goods (3) are the activities'. */
export const PRODUCT_ZONES = { 1: '自营专区', 2: '福利专区' } as const;
export const PRODUCT_MAX_IMAGES = 9;

/** Positive yuan text ("12.30") turned into fen: the console's one strict amount schema (money.ts). */
const positiveYuan = /* @__NO_SIDE_EFFECTS__ */ (message: string) => yuanAmount(message, 'positive');

/** Yuan text that may be 0 (an offset of 0 means "no points offset"). */
const yuanOrZero = /* @__NO_SIDE_EFFECTS__ */ (message: string) => yuanAmount(message);

const zone = z.pipe(intIn(M.zoneRequired), z.union([z.literal(1), z.literal(2)], { error: M.zoneRequired }));
const imagePath = z.string({ error: M.imageInvalid }).check(z.trim(), z.maxLength(255, M.imageInvalid), z.regex(/^(\/api\/|https?:\/\/|\/demo\/)[^\s;]+$/, M.imageInvalid));

export const productAdminRow = z.object({
  prodId: int(),
  prodName: z.string(),
  prodType: int(),
  mainImgUrl: z.string(),
  onShelf: z.boolean(),
  specCount: int(),
  /** Sum of the specs' stock. */
  stock: int(),
  /** Lowest and highest retail price of the specs (0 without specs). */
  minPrice: yuanOut,
  maxPrice: yuanOut,
  sales: int(),
});

export const selectProductsAdmin = defineOp({
  name: 'selectProductsAdmin',
  path: '/api/staff/selectProductsAdmin.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    keyword: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, M.keywordTooLong)))),
    prodType: z.optional(z.nullable(intIn(undefined, z.minimum(1), z.maximum(2)))),
    onShelf: z.optional(z.nullable(boolIn())),
  }),
  output: staffListOut(productAdminRow),
});

export const specAdmin = z.object({
  singleProdId: int(),
  specName: z.string(),
  retailPrice: yuanOut,
  weight: int(),
  stock: int(),
  /** Welfare points rule (zone 2): points given per unit, and money per unit that points may offset (0: none). */
  integralNum: int(),
  touchMoney: yuanOut,
  gradePrices: z.array(z.object({ gradeId: int(), price: yuanOut })),
  /** Grades that get this spec free with a self-operated settlement (grade_gifts). */
  gifts: z.array(z.object({ gradeId: int(), buyNum: int() })),
});

export const selectProductAdmin = defineOp({
  name: 'selectProductAdmin',
  path: '/api/staff/selectProductAdmin.do',
  auth: 'staff',
  input: z.object({ prodId: idIn(M.productNotFound) }),
  output: z.object({
    obj: z.object({
      prodId: int(),
      prodName: z.string(),
      prodType: int(),
      prodIntroduction: z.string(),
      images: z.array(z.string()),
      remark: z.string(),
      onShelf: z.boolean(),
      visibleGradeIds: z.array(int()),
      specs: z.array(specAdmin),
    }),
    /** The platform's grades, lowest first: the price columns of the spec editor. */
    objs: z.array(z.object({ id: int(), gradeName: z.string() })),
  }),
});

export const saveProduct = defineOp({
  name: 'saveProduct',
  path: '/api/staff/saveProduct.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      prodId: z.optional(z.nullable(idIn(M.productNotFound))),
      prodName: required(M.nameRequired, z.maxLength(50, M.nameTooLong)),
      prodType: zone,
      prodIntroduction: z._default(z.string().check(z.trim(), z.maxLength(100, M.introTooLong)), ''),
      images: z.array(imagePath, { error: M.imagesRequired }).check(z.minLength(1, M.imagesRequired), z.maxLength(PRODUCT_MAX_IMAGES, M.imagesTooMany)),
      remark: z._default(z.string().check(z.maxLength(20000, M.remarkTooLong)), ''),
      onShelf: boolIn(),
      visibleGradeIds: z.array(idIn(M.gradeNotFound), { error: M.visibleRequired }).check(z.minLength(1, M.visibleRequired)),
    }),
  ),
  output: z.object({ obj: z.object({ prodId: int() }) }),
  successMsg: '商品已保存',
});

/**
 * Grade prices that make sense (ADR 0032): for the same spec a higher grade never pays more than a lower one, and no
 * grade pays more than retail, unless the save carries an override reason (audited).
 */
export const GRADE_LADDER_MESSAGES = {
  reasonTooLong: '价格例外原因不能超过80个字',
  inverted: (spec: string, higher: string, higherPrice: string, lower: string, lowerPrice: string) =>
    `规格「${spec}」：${higher}的价格 ${higherPrice} 元高于${lower}的 ${lowerPrice} 元，高等级不应比低等级贵；请调整价格，或填写价格例外原因后保存`,
  aboveRetail: (spec: string, grade: string, price: string, retail: string) =>
    `规格「${spec}」：${grade}的价格 ${price} 元高于零售价 ${retail} 元；请调整价格，或填写价格例外原因后保存`,
} as const;

export const saveProductSpec = defineOp({
  name: 'saveProductSpec',
  path: '/api/staff/saveProductSpec.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      singleProdId: z.optional(z.nullable(idIn(M.specNotFound))),
      prodId: idIn(M.productNotFound),
      specName: required(M.specNameRequired, z.maxLength(30, M.specNameTooLong)),
      retailPrice: positiveYuan(M.retailInvalid),
      gradePrices: z
        .array(z.object({ gradeId: idIn(M.gradeNotFound), price: positiveYuan(M.gradePriceInvalid) }), { error: M.gradePriceMissing })
        .check(z.minLength(1, M.gradePriceMissing)),
      weight: intIn(M.weightInvalid, z.minimum(0, M.weightInvalid), z.maximum(100000, M.weightInvalid)),
      /** Only when creating; afterwards stock moves by adjustStock. */
      stock: z.optional(z.nullable(intIn(M.stockInvalid, z.minimum(0, M.stockInvalid), z.maximum(1000000, M.stockInvalid)))),
      touchMoney: z._default(yuanOrZero(M.touchMoneyInvalid), 0),
      integralNum: z._default(intIn(M.integralInvalid, z.minimum(0, M.integralInvalid), z.maximum(1000000, M.integralInvalid)), 0),
      /** ADR 0032: the reason for grade prices outside the ladder (audited); empty keeps the ladder rule. */
      priceOverrideReason: z._default(z.string().check(z.trim(), z.maxLength(80, GRADE_LADDER_MESSAGES.reasonTooLong)), ''),
    }),
  ),
  output: z.object({ obj: z.object({ singleProdId: int() }) }),
  successMsg: '规格已保存',
});

export const adjustStock = defineOp({
  name: 'adjustStock',
  path: '/api/staff/adjustStock.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      singleProdId: idIn(M.specNotFound),
      delta: intIn(M.deltaInvalid, z.refine((n) => n !== 0 && Math.abs(n) <= 1000000, M.deltaInvalid)),
      reason: required(M.reasonRequired, z.maxLength(200, M.reasonTooLong)),
    }),
  ),
  output: z.object({ obj: z.object({ singleProdId: int(), stockBefore: int(), stock: int() }) }),
  successMsg: '库存已调整',
});

export const stockChangeRow = z.object({
  id: int(),
  delta: int(),
  stockAfter: int(),
  reason: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});

export const selectStockChanges = defineOp({
  name: 'selectStockChanges',
  path: '/api/staff/selectStockChanges.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, singleProdId: idIn(M.specNotFound) }),
  output: staffListOut(stockChangeRow),
});

/** Replaces the grades that get one spec as a free gift (grade_gifts); an empty list removes it from every grade. */
export const saveSpecGifts = defineOp({
  name: 'saveSpecGifts',
  path: '/api/staff/saveSpecGifts.do',
  auth: 'staff',
  input: z.object({
    singleProdId: idIn(M.specNotFound),
    gifts: z.array(
      z.object({
        gradeId: idIn(M.gradeNotFound),
        buyNum: intIn(M.buyNumInvalid, z.minimum(1, M.buyNumInvalid), z.maximum(999, M.buyNumInvalid)),
      }),
    ),
  }),
  output: z.object({ obj: z.object({ singleProdId: int() }) }),
  successMsg: '赠品已保存',
});
