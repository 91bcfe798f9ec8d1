import { describe, expect, it } from 'vitest';
import { parseChinaTime } from '@shop/contract/china-time';
import { relativeTime } from './relative-time.js';

const at = '2026-11-21 10:00:00';
const now = (ms: number) => parseChinaTime(at) + ms;

describe('relativeTime (spec 3 §9 material times)', () => {
  it('says just now, seconds, minutes, hours, yesterday and days ago', () => {
    expect(relativeTime(at, now(3_000))).toBe('刚刚');
    expect(relativeTime(at, now(45_000))).toBe('45秒前');
    expect(relativeTime(at, now(25 * 60_000))).toBe('25分钟前');
    expect(relativeTime(at, now(5 * 3_600_000))).toBe('5小时前');
    expect(relativeTime(at, now(30 * 3_600_000))).toBe('昨天');
    expect(relativeTime(at, now(6 * 86_400_000))).toBe('6天前');
    expect(relativeTime(at, now(40 * 86_400_000))).toBe('2026-11-21');
  });

  it('keeps a text it cannot read, and a time ahead of the clock reads as just now', () => {
    expect(relativeTime('昨天', now(0))).toBe('昨天');
    expect(relativeTime(at, now(-60_000))).toBe('刚刚');
  });
});
