import { fenToYuan, formatWan, yuanToFen } from '@shop/contract/money';

/** A wire amount ('12.30') as shown: two decimals, '万' from 10,000 up (spec 1 §9). */
export const yuanText = (yuan: string): string => formatWan(yuanToFen(yuan));

/**
 * A wire amount ('12.3' → '¥12.30') as money screens show it: '¥' and two decimals, never shortened, so an order's
 * figures read the same on every screen (issue 7 §4: not 4.99万 beside 8000.00). Text that is not an amount (a
 * hand-edited result link) is shown as it came.
 */
export function priceText(yuan: string): string {
  try {
    return `¥${fenToYuan(yuanToFen(yuan))}`;
  } catch {
    return `¥${yuan}`;
  }
}
