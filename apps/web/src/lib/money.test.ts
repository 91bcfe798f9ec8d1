import { describe, expect, it } from 'vitest';
import { priceText } from './money.js';

describe('priceText (one way to show money on the order and payment screens)', () => {
  it("shows '¥' and two decimals, never shortened with 万", () => {
    expect(priceText('12.3')).toBe('¥12.30');
    expect(priceText('0')).toBe('¥0.00');
    expect(priceText('49900.00')).toBe('¥49900.00');
    expect(priceText('8000.00')).toBe('¥8000.00');
  });
});
