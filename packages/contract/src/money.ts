import * as z from 'zod/mini';
import { fenToYuan, signedYuanToFen, yuanToFen } from './fen.js';

export { fenToYuan, formatWan, pointsOffset, signedYuanToFen, yuanToFen, type Fen } from './fen.js';

/** Which amounts a field takes: 0 and more (the default), more than 0, or either sign (a staff adjustment). */
export type YuanSign = 'nonNegative' | 'positive' | 'signed';

/**
 * The one wire schema of a yuan amount typed in the console (and by agents where no spec pattern applies): a JSON
 * number or decimal text with at most two decimals and 11 whole digits, blanks around it only. "5.", "1e3", "0x10", "5.001", " - 5" and (unless
 * signed) "-5" are refused with `message`, so nothing is booked from them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function yuanAmount(message = '请输入正确的金额', sign: YuanSign = 'nonNegative') {
  const toFen = (v: string | number) => (sign === 'signed' ? signedYuanToFen(v) : yuanToFen(v));
  const valid = (v: string | number) => {
    try {
      const fen = toFen(v);
      return sign !== 'positive' || fen > 0;
    } catch {
      return false;
    }
  };
  return z.pipe(
    z.union([z.string(), z.number()], { error: message }).check(z.refine(valid, message)),
    z.transform((v: string | number) => toFen(v)),
  );
}

/** Output side: fen inside, "12.30" on the wire. */
export const yuanOut = z.pipe(z.number().check(z.int()), z.transform((fen: number) => fenToYuan(fen)));
