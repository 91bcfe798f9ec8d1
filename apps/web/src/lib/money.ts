import { formatWan, yuanToFen } from '@shop/contract/money';

/** A wire amount ('12.30') as shown: two decimals, '万' from 10,000 up (spec 1 §9). */
export const yuanText = (yuan: string): string => formatWan(yuanToFen(yuan));
