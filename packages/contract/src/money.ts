import * as z from 'zod/mini';
import { fenToYuan, yuanToFen } from './fen.js';

export { fenToYuan, formatWan, pointsOffset, yuanToFen, type Fen } from './fen.js';

/* @__NO_SIDE_EFFECTS__ */
export function yuanAmount(message = '请输入正确的金额') {
  const valid = (v: string | number) => {
    try {
      yuanToFen(v);
      return true;
    } catch {
      return false;
    }
  };
  return z.pipe(
    z.union([z.string(), z.number()], { error: message }).check(z.refine(valid, message)),
    z.transform((v: string | number) => yuanToFen(v)),
  );
}

/** Output side: fen inside, "12.30" on the wire. */
export const yuanOut = z.pipe(z.number().check(z.int()), z.transform((fen: number) => fenToYuan(fen)));
