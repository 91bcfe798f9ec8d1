import { createHash } from 'node:crypto';
import { chinaTimeText, companyByCode } from '@shop/contract';
import { chinaDate, chinaMidnight, HOUR, MINUTE } from '../../lib/clock.js';
import type { LogisticsProvider, TrackQuery, TrackResult, TrackTrace } from './logistics-provider.js';

const CITIES = ['深圳', '广州', '东莞', '杭州', '上海', '苏州', '南京', '武汉', '成都', '长沙', '郑州', '北京', '西安', '重庆'];
const BRANCHES = ['南山', '高新', '开发区', '城东', '城西', '中心', '新区', '滨江'];
const COURIERS = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄'];

/** Couriers go out in the daytime: a China-time moment before 08:00 or after 19:00 becomes the next 08:xx. */
function daytime(at: number): number {
  const hour = Number(chinaTimeText(new Date(at)).slice(11, 13));
  if (hour >= 8 && hour < 19) return at;
  const dayStart = Date.parse(chinaMidnight(chinaDate(new Date(at))));
  const morning = dayStart + 8 * HOUR + (at % (50 * MINUTE));
  return hour < 8 ? morning : morning + 24 * HOUR;
}

/**
 * The demo's and the tests' carrier: a plausible journey derived only from the waybill number and the ship time
 * (collected → transit hubs → out for delivery → signed, over two to three days). It shows the steps that have
 * happened by `now`: State 2 while moving, 3 once signed, 0 before the parcel was handed over.
 */
export class LocalLogisticsProvider implements LogisticsProvider {
  readonly name = 'local' as const;

  async track(q: TrackQuery): Promise<TrackResult> {
    const now = (q.now ?? new Date()).getTime();
    const journey = localJourney(q.shipperCode, q.logisticCode, q.shippedAt ?? new Date(now));
    const happened = journey.filter((step) => step.at <= now);
    const signed = happened.length === journey.length;
    const traces: TrackTrace[] = happened.map((s) => ({ acceptTime: chinaTimeText(new Date(s.at)), acceptStation: s.text }));
    return {
      success: true,
      logisticCode: q.logisticCode,
      shipperCode: q.shipperCode,
      state: happened.length === 0 ? 0 : signed ? 3 : 2,
      traces,
      ...(happened.length === 0 ? { reason: '暂无轨迹信息' } : {}),
    };
  }
}

/** Every step of the parcel's journey with its time (epoch ms), oldest first; the same for the same waybill and ship time. */
export function localJourney(shipperCode: string, logisticCode: string, shippedAt: Date): { at: number; text: string }[] {
  const h = createHash('sha256').update(`${shipperCode}:${logisticCode}`).digest();
  const pick = <T>(list: readonly T[], i: number) => list[h[i]! % list.length]!;
  const from = pick(CITIES, 0);
  const to = CITIES.filter((c) => c !== from)[h[1]! % (CITIES.length - 1)]!;
  const company = companyByCode(shipperCode)?.logisticsName ?? '快递';
  const fromBranch = `${from}${pick(BRANCHES, 2)}营业点`;
  const toBranch = `${to}${pick(BRANCHES, 3)}营业点`;
  const courier = `${pick(COURIERS, 4)}师傅`;
  const courierPhone = `1${3 + (h[5]! % 7)}${h[6]! % 10}****${String(h.readUInt16BE(7) % 10_000).padStart(4, '0')}`;
  const t0 = shippedAt.getTime();
  // Minutes after the hand-over; each step a little later than the one before, by the waybill's own amounts.
  let at = t0;
  const after = (min: number, spread: number, i: number) => (at += (min + (h[i]! % spread)) * MINUTE);
  return [
    { at: t0, text: `【${from}市】${company} ${fromBranch} 已揽收` },
    { at: after(120, 120, 9), text: `快件已到达【${from}转运中心】` },
    { at: after(240, 180, 10), text: `快件已从【${from}转运中心】发出，下一站【${to}转运中心】` },
    { at: after(960, 600, 11), text: `快件已到达【${to}转运中心】` },
    { at: after(180, 240, 12), text: `快件已从【${to}转运中心】发出，下一站【${toBranch}】` },
    { at: (at = daytime(after(600, 300, 13))), text: `【${toBranch}】快递员 ${courier}（${courierPhone}）正在派送中，请保持电话畅通` },
    { at: after(90, 240, 14), text: `快件已签收，签收人：本人签收。感谢使用${company}，期待再次为您服务` },
  ];
}
