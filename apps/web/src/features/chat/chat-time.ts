import { chinaTimeText } from '@shop/contract/china-time';

/**
 * When a message was sent, as its bubble says it: today 'HH:mm'; an earlier day of this year 'MM-DD HH:mm'; an earlier
 * year 'YYYY-MM-DD HH:mm'. `createDate` is China-time text ('YYYY-MM-DD HH:mm:ss'); '' (not stored yet) says nothing.
 */
export function chatTimeText(createDate: string, now: Date = new Date()): string {
  const m = /^(\d{4})-(\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(createDate);
  if (!m) return '';
  const [, year, day, time] = m;
  const today = chinaTimeText(now);
  if (createDate.slice(0, 10) === today.slice(0, 10)) return time!;
  return year === today.slice(0, 4) ? `${day} ${time}` : `${year}-${day} ${time}`;
}
