import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { idIn, int } from './validation.js';

/** spec 2 §2 Logistics screen, §3 Logistics result, §4 (viewable when sendState is 1 or state 4/5), §7 selectOrderLogistics. */

const looseText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

export const LOGISTICS_MESSAGES = {
  empty: '暂无物流信息',
  notFound: '订单不存在',
  copied: '复制成功',
} as const;

/** spec 2 §9: up to ten parcels, one tab each. */
export const MAX_PARCELS = 10;
export const PARCEL_TABS = ['包裹一', '包裹二', '包裹三', '包裹四', '包裹五', '包裹六', '包裹七', '包裹八', '包裹九', '包裹十'] as const;

/** Kdniao State (reference §6): 0 no trace, 1 collected, 2 in transit, 3 signed, 4 problem. */
export type LogisticsState = 0 | 1 | 2 | 3 | 4;
/** The label of the newest step (spec 2 §2: 2 in transit, 3 signed; the others as Kdniao names them). */
export const LOGISTICS_STATE_TEXT: Readonly<Record<number, string>> = {
  0: '暂无轨迹',
  1: '已揽收',
  2: '运输中',
  3: '已签收',
  4: '问题件',
};

/** Carriers we know by Kdniao ShipperCode, with their customer-service numbers (a parcel's phone defaults to this). */
export const LOGISTICS_COMPANIES: readonly { shipperCode: string; logisticsName: string; phone: string }[] = [
  { shipperCode: 'SF', logisticsName: '顺丰速运', phone: '95338' },
  { shipperCode: 'ZTO', logisticsName: '中通快递', phone: '95311' },
  { shipperCode: 'YTO', logisticsName: '圆通速递', phone: '95554' },
  { shipperCode: 'STO', logisticsName: '申通快递', phone: '95543' },
  { shipperCode: 'YD', logisticsName: '韵达速递', phone: '95546' },
  { shipperCode: 'JTSD', logisticsName: '极兔速递', phone: '956025' },
  { shipperCode: 'JD', logisticsName: '京东物流', phone: '950616' },
  { shipperCode: 'EMS', logisticsName: 'EMS', phone: '11183' },
  { shipperCode: 'YZPY', logisticsName: '邮政快递包裹', phone: '11183' },
  { shipperCode: 'DBL', logisticsName: '德邦快递', phone: '95353' },
];
export const companyByCode = (shipperCode: string) => LOGISTICS_COMPANIES.find((c) => c.shipperCode === shipperCode);

export const logisticsTrace = z.object({
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  AcceptTime: z.string(),
  AcceptStation: z.string(),
});
export type LogisticsTrace = z.output<typeof logisticsTrace>;

/** One parcel (spec 2 §3 logisticsQueryRess item); traces newest first. */
export const logisticsQueryRes = z.object({
  LogisticCode: z.string(),
  ShipperCode: z.string(),
  logisticsName: z.string(),
  phone: z.string(),
  State: int(),
  traces: z.array(logisticsTrace),
});
export type LogisticsQueryRes = z.output<typeof logisticsQueryRes>;

export const logisticsResult = z.object({
  /** The first parcel's carrier. */
  logisticsCompanyBo: z.object({ logisticsName: z.string(), phone: z.string() }),
  logisticsQueryRess: z.array(logisticsQueryRes),
});
export type LogisticsResult = z.output<typeof logisticsResult>;

export const selectOrderLogistics = defineOp({
  name: 'selectOrderLogistics',
  path: '/api/order/selectOrderLogistics.do',
  auth: 'agent',
  // waybillCode and receiverPhone are accepted as the legacy client sends them; the server reads the order's own
  // parcels and receiver (the phone's last digits go to carriers that ask for them).
  input: z.object({
    logisticsId: idIn(LOGISTICS_MESSAGES.notFound),
    waybillCode: looseText(64),
    receiverPhone: looseText(32),
  }),
  output: z.object({ obj: logisticsResult }),
});
