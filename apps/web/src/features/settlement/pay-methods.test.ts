import { describe, expect, it } from 'vitest';
import { defaultMethod } from './pay-methods.js';

describe('the settlement default pay method', () => {
  it('is the goods-fund balance when offered, else WeChat, else the first one, else none', () => {
    expect(defaultMethod([2, 1, 3, 4])).toBe(1);
    expect(defaultMethod([4, 2])).toBe(2);
    expect(defaultMethod([4, 3])).toBe(4);
    expect(defaultMethod([])).toBeNull();
  });
});
