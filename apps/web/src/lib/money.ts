import { fenToYuan, yuanToFen } from '@shop/contract/fen';

/**
 * The one rule for money on screen (not 4.99万 beside 8000.00): the exact amount with two decimals, never
 * shortened with '万' — the same figure the agent pays, on every screen, including the balances on /my. (Spec 1 §9's
 * '万' helper would turn a 49,900.00 balance into 4.99万 next to exact prices, so it is not used for money.)
 */
export const yuanText = (yuan: string): string => fenToYuan(yuanToFen(yuan));

/**
 * A wire amount ('12.3' → '¥12.30') as money screens show it: '¥' and the rule above. Text that is not an amount (a
 * hand-edited result link) is shown as it came.
 */
export function priceText(yuan: string): string {
  try {
    return `¥${yuanText(yuan)}`;
  } catch {
    return `¥${yuan}`;
  }
}
