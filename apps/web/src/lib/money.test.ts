import { describe, expect, it } from 'vitest';
import { priceText, yuanText } from './money.js';

describe('priceText (one way to show money on the order and payment screens)', () => {
  it("shows '¥' and two decimals, never shortened with 万", () => {
    expect(priceText('12.3')).toBe('¥12.30');
    expect(priceText('0')).toBe('¥0.00');
    expect(priceText('49900.00')).toBe('¥49900.00');
    expect(priceText('8000.00')).toBe('¥8000.00');
  });
});

describe('yuanText (the same rule without the sign, for prices that carry their own ¥)', () => {
  it('keeps the exact amount with two decimals at any size', () => {
    expect(yuanText('49900')).toBe('49900.00');
    expect(yuanText('8000.5')).toBe('8000.50');
    expect(yuanText('123456.78')).toBe('123456.78');
  });
});
