import { describe, expect, it } from 'vitest';
import { activityTiming, clockOffset, formatCountdown } from './countdown.js';

describe('countdowns (spec 1 §4 activity states)', () => {
  it('formats days, hours, minutes and seconds', () => {
    expect(formatCountdown(((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000)).toBe('1天 02:03:04');
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('advances the state when a countdown runs out', () => {
    const a = { expiryStartDate: '2026-11-24 10:00:00', expiryEndDate: '2026-11-28 10:00:00' };
    const at = (text: string) => Date.parse(text.replace(' ', 'T') + '+08:00');
    expect(activityTiming(a, at('2026-11-24 09:59:59'))).toEqual({ state: 1, left: 1000 });
    expect(activityTiming(a, at('2026-11-24 10:00:00'))).toEqual({ state: 2, left: 4 * 86_400_000 });
    expect(activityTiming(a, at('2026-11-28 10:00:00'))).toEqual({ state: 3, left: 0 });
  });

  it("measures the server's clock against this device's", () => {
    const inAMinute = new Date(Date.now() + 8 * 3600_000 + 60_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(clockOffset(inAMinute)).toBeGreaterThan(58_000);
    expect(clockOffset(inAMinute)).toBeLessThanOrEqual(60_000);
    expect(clockOffset('not a time')).toBe(0);
  });
});
