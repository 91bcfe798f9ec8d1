import { RETAIL_INCOME_STATE, STORE_ORDER_STATE } from '@shop/contract';

/**
 * The price rules of ADR 0038, pure: a spec sells in a store only with a band that is on and a grade price for the
 * agent; the agent's price lies within [max(min, grade price), max]; until set it is the default, raised to that floor.
 */
export interface Band {
  retail_enabled: number | null;
  default_price: number | null;
  min_price: number | null;
  max_price: number | null;
}

export function floorOf(band: Band, gradePrice: number | undefined): number | null {
  if (band.retail_enabled !== 1 || band.min_price === null || band.max_price === null || gradePrice === undefined) return null;
  const floor = Math.max(Number(band.min_price), Number(gradePrice));
  return floor <= Number(band.max_price) ? floor : null;
}

/** The price a consumer pays for the spec in this store, or null when the store cannot sell it. */
export function effectivePrice(band: Band, gradePrice: number | undefined, saved: number | undefined): number | null {
  const floor = floorOf(band, gradePrice);
  if (floor === null) return null;
  const wanted = saved ?? Number(band.default_price);
  return Math.min(Math.max(wanted, floor), Number(band.max_price));
}

/** Whether headquarters has the agent's store open: the agent's own switch, else the grade's. */
export function storeEnabled(a: { enabled_override: number | null; grade_enabled: number | null; is_active: number }): boolean {
  if (a.is_active !== 1) return false;
  return (a.enabled_override ?? a.grade_enabled ?? 0) === 1;
}

/** What the agent's screen says of an order's retail income (the income row's state, the order's refund). */
export function incomeStateOf(orderState: number, row: { state: number; clawed_amount: number } | undefined): number {
  if (orderState === STORE_ORDER_STATE.refunded) return RETAIL_INCOME_STATE.reversed;
  if (!row) return RETAIL_INCOME_STATE.none;
  if (row.state === 0) return RETAIL_INCOME_STATE.frozen;
  if (row.state === 1) return RETAIL_INCOME_STATE.released;
  return RETAIL_INCOME_STATE.reversed;
}
