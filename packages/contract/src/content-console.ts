import * as z from 'zod/mini';
import { parseChinaTime } from './china-time.js';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { boolIn, formInOrder, idIn, int, intIn, required } from './validation.js';

/**
 * Content in the staff console (ADRs 0021, 0022): banners, notices, materials and their classifications, the
 * chat greeting and activities. Times travel as China-time text 'YYYY-MM-DD HH:mm:ss'. Every write audited.
 */

export const CONTENT_CONSOLE_MESSAGES = {
  bannerNotFound: '轮播图不存在',
  imageRequired: '请上传图片',
  imageInvalid: '图片地址有误，请重新上传',
  linkInvalid: '跳转链接须为站内路径（以 / 开头）或 https:// 地址',
  sortInvalid: '排序须为0到9999之间的整数',
  timeInvalid: '时间格式有误（YYYY-MM-DD HH:mm:ss）',
  windowInvalid: '结束时间须晚于开始时间',
  noticeNotFound: '公告不存在',
  noticeNameRequired: '请输入公告标题',
  noticeNameTooLong: '公告标题不能超过50个字',
  noticeContentRequired: '请输入公告内容',
  noticeContentTooLong: '公告内容过长（最多20000个字符）',
  releaseDateRequired: '定时发布须选择发布时间',
  classifyNotFound: '素材分类不存在',
  classifyNameRequired: '请输入分类名称',
  classifyNameTooLong: '分类名称不能超过20个字',
  materialNotFound: '素材不存在',
  materialTypeInvalid: '请选择素材类型（视频或图片）',
  materialTextTooLong: '素材文案不能超过2000个字',
  materialImagesRequired: '图片素材请至少上传一张图片',
  materialImagesTooMany: '图片素材最多9张',
  videoRequired: '视频素材请填写视频地址（https://）',
  posterRequired: '视频素材请上传封面图（或从视频截取一帧）',
  greetingRequired: '请输入欢迎语',
  greetingTooLong: '欢迎语不能超过200个字',
  activityNotFound: '活动不存在',
  productRequired: '请选择活动商品',
  exchangeTypeInvalid: '请选择兑换方式',
  itemsRequired: '请至少添加一个活动规格',
  itemDuplicate: '同一规格只能添加一次',
  itemSpecInvalid: '活动规格须属于所选商品',
  integralInvalid: '兑换积分须为0到10000000之间的整数',
  priceInvalid: '请输入正确的兑换金额（最多两位小数）',
  stockInvalid: '活动库存须为0到1000000之间的整数',
  stockTooLow: '活动库存已被兑换，减少后将小于0，请刷新后重新填写',
  pointsNeeded: '积分兑换须填写大于0的兑换积分',
  moneyNeeded: '须填写大于0的兑换金额',
  noMoneyForPoints: '纯积分兑换的兑换金额须为0',
  noPointsForMoney: '纯金额兑换的兑换积分须为0',
  keywordTooLong: '关键词不能超过32个字',
} as const;
const M = CONTENT_CONSOLE_MESSAGES;

/** Exchange kinds (spec 1 activity product): 1 points only, 2 points plus money, 3 money only. */
export const EXCHANGE_TYPES = { 1: '纯积分', 2: '积分+金额', 3: '纯金额' } as const;
export const MATERIAL_TYPES = { 1: '视频', 2: '图片' } as const;

/** Images are our own uploads (or the demo's and outside https pictures already on file). */
const imagePath = z.string({ error: M.imageInvalid }).check(z.trim(), z.minLength(1, M.imageRequired), z.maxLength(255, M.imageInvalid), z.regex(/^(\/api\/|https?:\/\/|\/demo\/)[^\s,;"'<>]+$/, M.imageInvalid));
const chinaTime = z.string({ error: M.timeInvalid }).check(z.trim(), z.refine((v) => !Number.isNaN(parseChinaTime(v)), M.timeInvalid));
const optionalTime = z.optional(z.nullable(z.union([z.literal(''), chinaTime])));
const sortIn = z._default(intIn(M.sortInvalid, z.minimum(0, M.sortInvalid), z.maximum(9999, M.sortInvalid)), 0);
const keyword = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32, M.keywordTooLong))));
const before = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a && b && parseChinaTime(a) >= parseChinaTime(b);

// ---- staff image upload ----

/** Multipart files named 0, 1, ... (images checked by content and re-encoded, like vouchers); public URLs joined by commas. */
export const uploadStaffImage = defineOp({
  name: 'uploadStaffImage',
  path: '/api/staff/uploadStaffImage.do',
  auth: 'staff',
  body: 'multipart',
  input: z.object({}),
  output: z.object({ obj: z.string() }),
  successMsg: '上传成功',
});

// ---- banners ----

export const bannerAdmin = z.object({
  id: int(),
  imgUrl: z.string(),
  linkUrl: z.string(),
  sort: int(),
  startAt: z.string(),
  endAt: z.string(),
  enabled: z.boolean(),
  /** Enabled and inside its window now: the shop shows it. */
  showing: z.boolean(),
});

export const selectBannersAdmin = defineOp({
  name: 'selectBannersAdmin',
  path: '/api/staff/selectBannersAdmin.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn }),
  output: staffListOut(bannerAdmin),
});

export const saveBanner = defineOp({
  name: 'saveBanner',
  path: '/api/staff/saveBanner.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: z.optional(z.nullable(idIn(M.bannerNotFound))),
      image: imagePath,
      link: z._default(z.string({ error: M.linkInvalid }).check(z.trim(), z.maxLength(255, M.linkInvalid), z.regex(/^$|^\/(?!\/)[^\s"'<>]*$|^https:\/\/[^\s"'<>]+$/, M.linkInvalid)), ''),
      sort: sortIn,
      startAt: optionalTime,
      endAt: optionalTime,
      enabled: boolIn(),
    }),
    { endAt: (v) => (before(v.startAt, v.endAt) ? M.windowInvalid : null) },
  ),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '轮播图已保存',
});

// ---- notices ----

export const noticeAdmin = z.object({
  id: int(),
  noticeName: z.string(),
  noticeContent: z.string(),
  isTimingRelease: z.boolean(),
  releaseDate: z.string(),
  createDate: z.string(),
  /** The shop shows it now (a timed notice only from its release date). */
  released: z.boolean(),
});

export const selectNoticesAdmin = defineOp({
  name: 'selectNoticesAdmin',
  path: '/api/staff/selectNoticesAdmin.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, keyword }),
  output: staffListOut(noticeAdmin),
});

export const saveNotice = defineOp({
  name: 'saveNotice',
  path: '/api/staff/saveNotice.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: z.optional(z.nullable(idIn(M.noticeNotFound))),
      noticeName: required(M.noticeNameRequired, z.maxLength(50, M.noticeNameTooLong)),
      noticeContent: required(M.noticeContentRequired, z.maxLength(20000, M.noticeContentTooLong)),
      isTimingRelease: boolIn(),
      releaseDate: optionalTime,
    }),
    { releaseDate: (v) => (v.isTimingRelease === true || v.isTimingRelease === 1 || v.isTimingRelease === '1' || v.isTimingRelease === 'true') && !v.releaseDate ? M.releaseDateRequired : null },
  ),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '公告已保存',
});

// ---- materials ----

export const materialClassifyAdmin = z.object({ id: int(), classifyName: z.string(), sort: int(), materialCount: int() });

export const selectMaterialClassifiesAdmin = defineOp({
  name: 'selectMaterialClassifiesAdmin',
  path: '/api/staff/selectMaterialClassifiesAdmin.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(materialClassifyAdmin) }),
});

export const saveMaterialClassify = defineOp({
  name: 'saveMaterialClassify',
  path: '/api/staff/saveMaterialClassify.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: z.optional(z.nullable(idIn(M.classifyNotFound))),
      classifyName: required(M.classifyNameRequired, z.maxLength(20, M.classifyNameTooLong)),
      sort: sortIn,
    }),
  ),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '分类已保存',
});

export const materialAdmin = z.object({
  id: int(),
  classifyId: int(),
  classifyName: z.string(),
  materialType: int(),
  materialContent: z.string(),
  images: z.array(z.string()),
  videoUrl: z.string(),
  posterUrl: z.string(),
  createDate: z.string(),
});

export const selectMaterialsAdmin = defineOp({
  name: 'selectMaterialsAdmin',
  path: '/api/staff/selectMaterialsAdmin.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, classifyId: z.optional(z.nullable(idIn(M.classifyNotFound))) }),
  output: staffListOut(materialAdmin),
});

const videoUrl = z.string({ error: M.videoRequired }).check(z.trim(), z.maxLength(255, M.videoRequired), z.regex(/^(https:\/\/|\/api\/)[^\s,;"'<>]+$/, M.videoRequired));
export const MATERIAL_MAX_IMAGES = 9;

export const saveMaterial = defineOp({
  name: 'saveMaterial',
  path: '/api/staff/saveMaterial.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: z.optional(z.nullable(idIn(M.materialNotFound))),
      classifyId: idIn(M.classifyNotFound),
      materialType: z.pipe(intIn(M.materialTypeInvalid), z.union([z.literal(1), z.literal(2)], { error: M.materialTypeInvalid })),
      materialContent: z._default(z.string().check(z.trim(), z.maxLength(2000, M.materialTextTooLong)), ''),
      images: z._default(z.array(imagePath).check(z.maxLength(MATERIAL_MAX_IMAGES, M.materialImagesTooMany)), []),
      videoUrl: z.optional(z.nullable(z.union([z.literal(''), videoUrl]))),
      posterUrl: z.optional(z.nullable(z.union([z.literal(''), imagePath]))),
    }),
    {
      images: (v) => (Number(v.materialType) === 2 && (!Array.isArray(v.images) || v.images.length === 0) ? M.materialImagesRequired : null),
      videoUrl: (v) => (Number(v.materialType) === 1 && !v.videoUrl ? M.videoRequired : null),
      posterUrl: (v) => (Number(v.materialType) === 1 && !v.posterUrl ? M.posterRequired : null),
    },
  ),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '素材已保存',
});

// ---- chat greeting ----

export const selectChatGreeting = defineOp({
  name: 'selectChatGreeting',
  path: '/api/staff/selectChatGreeting.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: z.object({ greetings: z.string() }) }),
});

export const saveChatGreeting = defineOp({
  name: 'saveChatGreeting',
  path: '/api/staff/saveChatGreeting.do',
  auth: 'staff',
  input: z.object({ greetings: required(M.greetingRequired, z.maxLength(200, M.greetingTooLong)) }),
  output: z.object({ obj: z.object({ greetings: z.string() }) }),
  successMsg: '欢迎语已保存',
});

// ---- activities ----

export const activityItemAdmin = z.object({
  singleProdId: int(),
  specName: z.string(),
  exchangeIntegral: int(),
  exchangePrice: yuanOut,
  lastNum: int(),
});

export const activityAdmin = z.object({
  id: int(),
  productId: int(),
  prodName: z.string(),
  exchangeType: int(),
  startAt: z.string(),
  endAt: z.string(),
  /** 1 not started, 2 running, 3 ended (spec 1). */
  actState: int(),
  shown: z.boolean(),
  sort: int(),
  allUseNum: int(),
  items: z.array(activityItemAdmin),
});

export const selectActivitiesAdmin = defineOp({
  name: 'selectActivitiesAdmin',
  path: '/api/staff/selectActivitiesAdmin.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn, keyword }),
  output: staffListOut(activityAdmin),
});

const activityItemIn = z.object({
  singleProdId: idIn(M.itemSpecInvalid),
  exchangeIntegral: intIn(M.integralInvalid, z.minimum(0, M.integralInvalid), z.maximum(10_000_000, M.integralInvalid)),
  exchangePrice: z.pipe(yuanAmount(M.priceInvalid), z.number().check(z.minimum(0, M.priceInvalid))),
  lastNum: intIn(M.stockInvalid, z.minimum(0, M.stockInvalid), z.maximum(1_000_000, M.stockInvalid)),
  /**
   * The stock the editor was shown for a kept item: the save applies the difference (lastNum − lastNumWas) as a delta,
   * so exchanges made meanwhile are not overwritten. Absent for a new item (its stock is lastNum).
   */
  lastNumWas: z.optional(z.nullable(intIn(M.stockInvalid, z.minimum(0, M.stockInvalid), z.maximum(1_000_000, M.stockInvalid)))),
});

/** Points and money each item asks must fit the exchange kind; null when they do. */
export function exchangeMismatch(type: number, items: { exchangeIntegral: number; exchangePrice: number }[]): string | null {
  for (const i of items) {
    if (type !== 3 && i.exchangeIntegral <= 0) return M.pointsNeeded;
    if (type !== 1 && i.exchangePrice <= 0) return M.moneyNeeded;
    if (type === 1 && i.exchangePrice !== 0) return M.noMoneyForPoints;
    if (type === 3 && i.exchangeIntegral !== 0) return M.noPointsForMoney;
  }
  return null;
}

export const saveActivity = defineOp({
  name: 'saveActivity',
  path: '/api/staff/saveActivity.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: z.optional(z.nullable(idIn(M.activityNotFound))),
      productId: idIn(M.productRequired),
      exchangeType: z.pipe(intIn(M.exchangeTypeInvalid), z.union([z.literal(1), z.literal(2), z.literal(3)], { error: M.exchangeTypeInvalid })),
      startAt: chinaTime,
      endAt: chinaTime,
      shown: boolIn(),
      sort: sortIn,
      items: z.array(activityItemIn, { error: M.itemsRequired }).check(
        z.minLength(1, M.itemsRequired),
        z.refine((items) => new Set(items.map((i) => i.singleProdId)).size === items.length, M.itemDuplicate),
      ),
    }),
    { endAt: (v) => (before(v.startAt, v.endAt) ? M.windowInvalid : null) },
  ),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '活动已保存',
});
