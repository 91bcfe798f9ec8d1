import { chinaTimeText } from '@shop/contract/china-time';

/** Injected so tests can move time (SMS expiry, session expiry, lockouts). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export const iso = (d: Date) => d.toISOString();
export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The calendar date in China time (Asia/Shanghai, UTC+8 all year): '2026-11-21'. */
export const chinaDate = (d: Date) => chinaTimeText(d).slice(0, 10);

/** Midnight of a China-time day ('YYYY-MM-DD'), `plusDays` later, in UTC ISO text (China has no summer time). */
export const chinaMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) - 8 * HOUR + plusDays * DAY).toISOString();

/** [from, to) of a China-time month ('YYYY-MM') in UTC ISO text. */
export function chinaMonthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = (year: number, mon: number) => new Date(Date.UTC(year, mon - 1, 1)).toISOString().slice(0, 10);
  return { from: chinaMidnight(first(y, m)), to: chinaMidnight(first(y, m + 1)) };
}
