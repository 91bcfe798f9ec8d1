import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { idIn, int, optionalText, required } from './validation.js';

/**
 * Notices list, material centre and performance (spec 3 §2 "Notices, materials, performance", §3, §7, §9). Identity
 * comes from the session: the legacy agentId / createAgentId fields are accepted and ignored.
 */

const ignored = z.optional(z.unknown());

export const CONTENT_MESSAGES = {
  noNotices: '暂无公告资讯',
  noPerformance: '暂无业绩',
  copied: '复制成功',
  copyFailed: '手机权限不支持复制功能',
  badMonth: '月份格式不正确',
} as const;

/** spec 3 §2: notice titles in the list are cut after 15 characters with an ellipsis. */
export const NOTICE_TITLE_MAX = 15;
export const shortTitle = (title: string, max = NOTICE_TITLE_MAX) => {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : title;
};

/** A notice of the list; releaseDate is the time it shows (noticeShownDate, spec 3 §9). */
export const noticeItem = z.object({ id: int(), noticeName: z.string(), releaseDate: z.string() });
export type NoticeItem = z.output<typeof noticeItem>;

export const selectLatestApp = defineOp({
  name: 'selectLatestApp',
  path: '/api/home/selectLatestApp.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), noticeName: optionalText(50), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(noticeItem), phonePage: phonePageOut }),
});

// ---- material centre (/source) ----

/** spec 3 §3 Material: materialType 1 video, 2 images. */
export const MATERIAL_TYPE = { video: 1, images: 2 } as const;

export const material = z.object({
  id: int(),
  materialContent: z.string(),
  materialType: int(),
  materialFileUrl: z.string(),
  materialFileUrlArr: z.array(z.string()),
  videoPictureUrl: z.string(),
  createDate: z.string(),
});
export type Material = z.output<typeof material>;

export const materialClassify = z.object({ classifyId: int(), classifyName: z.string() });
export type MaterialClassify = z.output<typeof materialClassify>;

export const selPlatData = defineOp({
  name: 'selPlatData',
  path: '/api/material/selPlatData.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), storeType: ignored }),
  /** obj: the store's name and image; ortherList: the material classifications (the tabs). */
  output: z.object({ obj: z.object({ storeName: z.string(), storeImgUrl: z.string() }), ortherList: z.array(materialClassify) }),
});

export const selPlatMaterialList = defineOp({
  name: 'selPlatMaterialList',
  path: '/api/material/selPlatMaterialList.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), materialClassifyId: idIn('素材分类不存在'), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(material), phonePage: phonePageOut }),
});

// ---- performance (/performance, /monthPerformance) ----

/** spec 3 §3: performanceType 1 daily purchase (paid order), 2 recharge (approved top-up). */
export const PERFORMANCE_TYPE = { purchase: 1, recharge: 2 } as const;
export const performanceTypeText = (t: number) => (t === PERFORMANCE_TYPE.recharge ? '充值' : '日常采购');

export const monthItem = z.object({
  /** 'YYYY-MM' in China time: the key of /monthPerformance. */
  orderTimeYYmm: z.string(),
  /** The month as shown: '2026年11月'. */
  payDateYYmm: z.string(),
  allProfitMoney: yuanOut,
});
export type MonthItem = z.output<typeof monthItem>;

export const selEveryMonthMoney = defineOp({
  name: 'selEveryMonthMoney',
  path: '/api/performance/selEveryMonthMoney.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), createAgentId: ignored, phonePage: phonePageIn }),
  output: z.object({ obj: z.object({ allCountMoney: yuanOut, phonePage: phonePageOut }), objs: z.array(monthItem) }),
});

export const performanceItem = z.object({
  performanceType: int(),
  /** 1 when the order or top-up is of an agent below, 0 when it is the agent's own. */
  isLower: int(),
  perforMoney: yuanOut,
  createDate: z.string(),
  agentName: z.string(),
  code: z.string(),
});
export type PerformanceItem = z.output<typeof performanceItem>;

export const selPerformanceDetails = defineOp({
  name: 'selPerformanceDetails',
  path: '/api/performance/selPerformanceDetails.do',
  auth: 'agent',
  input: z.object({
    platId: optionalText(64),
    agentId: ignored,
    orderTimeYYmm: required(CONTENT_MESSAGES.badMonth, z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, CONTENT_MESSAGES.badMonth)),
    phonePage: phonePageIn,
  }),
  output: z.object({ obj: z.object({ allProfitMoney: yuanOut }), objs: z.array(performanceItem), phonePage: phonePageOut }),
});
