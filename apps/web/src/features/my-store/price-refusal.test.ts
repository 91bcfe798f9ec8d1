import { describe, expect, it } from 'vitest';
import { STORE_MESSAGES } from '@shop/contract/retail-store';
import { priceRefusal } from './store-settings-page.js';

// ADR 0038: a retail price lies within headquarters' band and never below the agent's own grade price; the screen tells
// the same refusal the server answers before sending.
const band = { gradePrice: '90.00', minPrice: '80.00', maxPrice: '150.00' };

describe('the retail price a store may set', () => {
  it.each(['90', '90.00', '120.5', '150.00'])('%s is accepted', (price) => {
    expect(priceRefusal(band, price)).toBeNull();
  });

  it('is refused below the agent’s grade price even inside the band', () => {
    expect(priceRefusal(band, '85.00')).toBe(STORE_MESSAGES.priceBelowGrade('90.00'));
  });

  it('is refused above the band', () => {
    expect(priceRefusal(band, '150.01')).toBe(STORE_MESSAGES.priceAboveBand('150.00'));
  });

  it('is refused below the band when the grade price is lower', () => {
    expect(priceRefusal({ ...band, gradePrice: '50.00' }, '79.99')).toBe(STORE_MESSAGES.priceBelowBand('80.00'));
  });

  it.each(['', '0', 'abc', '1.234', '-5'])('%j asks for a price', (price) => {
    expect(priceRefusal(band, price)).toBe(STORE_MESSAGES.priceRequired);
  });
});
