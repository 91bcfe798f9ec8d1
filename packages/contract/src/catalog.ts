import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { idIn, int, intIn, numberIn, optionalText } from './validation.js';

/**
 * The catalog and home content (spec 1 §2 /home and /detail, §3 Product, Single product, Activity product, Agent grade
 * info, Point setting; spec 3 §2 notices). What an agent sees and pays is decided by the session's agent and grade;
 * the gradeId / agentId a client sends are accepted for the legacy payload and ignored.
 * Money is yuan text with two decimals; times are China-time text 'YYYY-MM-DD HH:mm:ss'.
 */
const ignoredId = z.optional(z.unknown());

/** Refusals of ordering what the catalog does not show the agent. */
export const CATALOG_MESSAGES = {
  /** The activity is hidden, or none of its items has a price for the agent's grade (the list does not show it). */
  activityClosed: '活动不存在',
  /** The activity is shown, but not this spec to this grade. */
  itemClosed: '该活动商品不对您的代理等级开放',
} as const;

/** Activity states (spec 1 §3) and the state at a time: zod-free, in activity-state.ts. */
export { ACT_STATE, activityStateAt, EXCHANGE_TYPE } from './activity-state.js';
/**
 * actStatus of the activity list: 2 running only (the legacy first load), 5 every shown state (not started, running
 * and ended), running first, then not started, then ended.
 */
export const ACT_STATUS = { running: 2, all: 5 } as const;

/** spec 3 §9: the release time a notice shows: the modify date for non-timed notices, otherwise the create date. */
export const noticeShownDate = (n: { isTimingRelease: number; modifyDate: string; createDate: string }) =>
  n.isTimingRelease === 1 ? n.createDate : n.modifyDate;

// ---- answers ----

/** spec 1 §3 Single product (a spec), priced for the session agent's grade. */
export const singleProduct = z.object({
  singleProdId: int(),
  prodId: int(),
  prodName: z.string(),
  prodType: int(),
  specDispStr: z.string(),
  /** Retail price. */
  price: yuanOut,
  /** What the agent's grade pays. */
  finalPrice: yuanOut,
  imgUrl: z.string(),
  /** Stock. */
  virtualNum: int(),
  /** Grams. */
  weight: int(),
  /** Gift points. */
  integralNum: int(),
  /** 1: points may offset touchMoney per unit (welfare zone). */
  touchState: int(),
  touchMoney: yuanOut,
});

/** A product card of a zone list: the prices of its cheapest spec for the agent's grade. */
export const productCard = z.object({
  prodId: int(),
  prodType: int(),
  prodName: z.string(),
  prodIntroduction: z.string(),
  mainLagerImgUrl: z.string(),
  price: yuanOut,
  finalPrice: yuanOut,
  touchState: int(),
  touchMoney: yuanOut,
  baseSale: int(),
  actualSale: int(),
  /** baseSale + actualSale. */
  sales: int(),
});

/** spec 1 §3 Product, with its specs (prodSingleProductBos) for the agent's grade. */
export const productDetail = z.object({
  ...productCard.shape,
  prodRemark: z.string(),
  /** Semicolon-separated image URLs. */
  detailLagerImgUrl: z.string(),
  detailLagerVideoUrl: z.string(),
  prodSingleProductBos: z.array(singleProduct),
});

const activityFields = {
  /** The activity id (what /detail?prodId means for prodType 3). */
  id: int(),
  prodId: int(),
  prodName: z.string(),
  prodIntroduction: z.string(),
  mainLagerImgUrl: z.string(),
  actState: int(),
  exchangeType: int(),
  expiryStartDate: z.string(),
  expiryEndDate: z.string(),
  /** The server's clock when it answered, for the countdowns. */
  serverTime: z.string(),
  /** Of the first item: points and money one unit costs. */
  exchangeIntegral: int(),
  exchangePrice: yuanOut,
  /** Retail price of the first item's spec. */
  price: yuanOut,
  /** Stock left over all items. */
  lastNum: int(),
  /** Units exchanged so far, and their share of all units (0..100). */
  allUseNum: int(),
  allPercent: int(),
};

export const activityCard = z.object(activityFields);

/** spec 1 §3 Activity product item (prodIntegralGoodsDetailBos). */
export const activityItem = z.object({
  id: int(),
  activityId: int(),
  singleProdId: int(),
  exchangeIntegral: int(),
  exchangePrice: yuanOut,
  lastNum: int(),
  specInfo: z.string(),
  prodSingleProductBo: singleProduct,
});

export const activityDetail = z.object({
  ...activityFields,
  prodRemark: z.string(),
  detailLagerImgUrl: z.string(),
  detailLagerVideoUrl: z.string(),
  prodIntegralGoodsDetailBos: z.array(activityItem),
});

export const banner = z.object({ id: int(), imgUrl: z.string(), linkUrl: z.string() });

/** A notice of the scrolling line; releaseDate is the time the notice shows (noticeShownDate). */
export const noticeLine = z.object({ id: int(), noticeName: z.string(), releaseDate: z.string() });

/** spec 3 §3 Notice. */
export const notice = z.object({
  id: int(),
  noticeName: z.string(),
  isTimingRelease: int(),
  releaseDate: z.string(),
  modifyDate: z.string(),
  createDate: z.string(),
  noticeContent: z.string(),
});

/** spec 1 §3 Point setting. */
export const pointSetting = z.object({
  pointChange: int(),
  state: int(),
  signState: int(),
  chargeMoney: yuanOut,
  chargeGetPoint: int(),
  /** spec 3 §3 Point settings: the sign-in part. */
  isContinuitySign: int(),
  continuityNum: int(),
  fixedIntegral: int(),
  continuityIntegral: int(),
  bgImage: z.string(),
});

/** A free gift line of a self-operated settlement. */
export const giftItem = z.object({ buyNum: int(), isFirstGift: int(), prodSingleProductBo: singleProduct });

export const gradeBase = z.object({
  gradeId: int(),
  gradeName: z.string(),
  gradeLevel: int(),
  firstRechargeMoney: yuanOut,
  bondMoney: yuanOut,
});

/** spec 1 §3 Agent grade info. */
export const agentGradeInfo = z.object({
  ...gradeBase.shape,
  agentId: int(),
  orderProductDetailBos: z.array(giftItem),
});

export type ProductCard = z.output<typeof productCard>;
export type ProductDetail = z.output<typeof productDetail>;
export type SingleProduct = z.output<typeof singleProduct>;
export type ActivityCard = z.output<typeof activityCard>;
export type ActivityDetail = z.output<typeof activityDetail>;
export type ActivityItem = z.output<typeof activityItem>;
export type Notice = z.output<typeof notice>;
export type PointSetting = z.output<typeof pointSetting>;

// ---- operations ----

const paged = <T extends z.ZodMiniType>(item: T) => z.object({ objs: z.array(item), phonePage: phonePageOut });

export const selectProdListByType = defineOp({
  name: 'selectProdListByType',
  path: '/api/prod/selectProdListByType.do',
  auth: 'agent',
  input: z.object({
    prodType: z.pipe(numberIn('商品专区有误'), z.union([z.literal(1), z.literal(2)], { error: '商品专区有误' })),
    phonePage: phonePageIn,
    gradeId: ignoredId,
    pageType: ignoredId,
    isPhoneShow: ignoredId,
    platId: optionalText(64),
  }),
  output: paged(productCard),
});

export const selectIntegralProdList = defineOp({
  name: 'selectIntegralProdList',
  path: '/api/prod/selectIntegralProdList.do',
  auth: 'agent',
  input: z.object({
    actStatus: z._default(
      z.pipe(numberIn('活动状态有误'), z.union([z.literal(2), z.literal(5)], { error: '活动状态有误' })),
      5,
    ),
    phonePage: phonePageIn,
    prodType: ignoredId,
    gradeId: ignoredId,
    pageType: ignoredId,
    isPhoneShow: ignoredId,
    platId: optionalText(64),
  }),
  output: paged(activityCard),
});

export const selectProdInfoById = defineOp({
  name: 'selectProdInfoById',
  path: '/api/prod/selectProdInfoById.do',
  auth: 'agent',
  input: z.object({ prodId: idIn('商品不存在'), gradeId: ignoredId, platId: optionalText(64) }),
  output: z.object({ obj: productDetail }),
});

export const selectIntegralProdById = defineOp({
  name: 'selectIntegralProdById',
  path: '/api/prod/selectIntegralProdById.do',
  auth: 'agent',
  input: z.object({ id: idIn('活动不存在'), platId: optionalText(64) }),
  output: z.object({ obj: activityDetail }),
});

export const selectBannerList = defineOp({
  name: 'selectBannerList',
  path: '/api/home/selectBannerList.do',
  auth: 'agent',
  input: z.object({ type: z._default(intIn(), 1), platId: optionalText(64) }),
  output: z.object({ objs: z.array(banner) }),
});

/** The few latest notices of the scrolling line on /home. */
export const selectNewNotice = defineOp({
  name: 'selectNewNotice',
  path: '/api/home/selectNewNotice.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ objs: z.array(noticeLine) }),
});

export const selectAppNoticeById = defineOp({
  name: 'selectAppNoticeById',
  path: '/api/home/selectAppNoticeById.do',
  auth: 'agent',
  input: z.object({ id: idIn('公告不存在') }),
  output: z.object({ obj: notice }),
});

export const selectBasePointSet = defineOp({
  name: 'selectBasePointSet',
  path: '/api/base/selectBasePointSet.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ obj: pointSetting }),
});

/** The session agent's grade: first-recharge amount and the free gifts of a self-operated settlement. */
export const selectAgentGradeInfo = defineOp({
  name: 'selectAgentGradeInfo',
  path: '/api/agent/selectAgentGradeInfo.do',
  auth: 'agent',
  input: z.object({ agentId: ignoredId, platId: optionalText(64) }),
  output: z.object({ obj: agentGradeInfo }),
});

/** The session agent's grade (obj) and every grade of the platform, lowest first (objs). */
export const selectBaseGradeInfo = defineOp({
  name: 'selectBaseGradeInfo',
  path: '/api/agent/selectBaseGradeInfo.do',
  auth: 'agent',
  input: z.object({ agentId: ignoredId, platId: optionalText(64) }),
  output: z.object({ obj: gradeBase, objs: z.array(gradeBase) }),
});

/** spec 1 §5 upgrade entry: activeGradeUp 1 when a grade above the session agent's exists. */
export const selectAgentGradeCheck = defineOp({
  name: 'selectAgentGradeCheck',
  path: '/api/agent/selectAgentGradeCheck.do',
  auth: 'agent',
  input: z.object({ id: ignoredId, platId: optionalText(64) }),
  output: z.object({ obj: z.object({ activeGradeUp: int() }) }),
});
