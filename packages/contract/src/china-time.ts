/** China time (Asia/Shanghai, UTC+8 all year, no daylight saving): how dates travel on the wire and show on screen. */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A UTC instant (Date or ISO text) as China-time text: '2026-11-21 10:00:00'. */
export function chinaTimeText(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** 'YYYY-MM-DD HH:mm:ss' in China time -> epoch milliseconds (NaN when the text is not such a time). */
export function parseChinaTime(text: string): number {
  const m = TEXT.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - OFFSET_MS;
}
