// Money arithmetic without zod: the web's first screens format prices with it and must not carry the schemas
// (ADR 0015). money.ts re-exports all of it beside the wire schemas.

/** Money is integer fen inside; yuan with two decimals only on the wire and on screen. */
export type Fen = number;

const YUAN_PATTERN = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;

/** "12.3" | 12.3 -> 1230. Parsed from the decimal text, never through floating-point multiplication. */
export function yuanToFen(value: string | number): Fen {
  // A number's shortest text (0.1 + 0.2 -> "0.30000000000000004") is refused by the pattern.
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!YUAN_PATTERN.test(text)) throw new RangeError(`not an amount: ${String(value)}`);
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/**
 * "-12.3" | 12.3 -> -1230: a signed amount, the minus sign directly before the digits (" - 5" and "--5" are no
 * amounts). Only a staff adjustment may be negative; everything else reads yuanToFen.
 */
export function signedYuanToFen(value: string | number): Fen {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const negative = text.startsWith('-');
  // yuanToFen would trim again: " 5" after the sign must not pass.
  const digits = negative ? text.slice(1) : text;
  if (digits !== digits.trim()) throw new RangeError(`not an amount: ${String(value)}`);
  const fen = yuanToFen(digits);
  return negative && fen !== 0 ? -fen : fen;
}

/** 1230 -> "12.30" */
export function fenToYuan(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a fen amount: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Spec 1 §9: amounts of 10,000 yuan or more are shortened with '万' (two decimals, rounded half up). */
export function formatWan(fen: Fen): string {
  if (Math.abs(fen) < 1_000_000) return fenToYuan(fen);
  // 1 wan = 1_000_000 fen; two decimals of wan, rounded half away from zero.
  const hundredthsOfWan = Math.sign(fen) * Math.round(Math.abs(fen) / 10_000);
  return `${fenToYuan(hundredthsOfWan)}万`;
}

/** A wire amount in yuan (number or text), non-negative with up to two decimals, parsed to fen. */
/**
 * spec 1 §4 points deduction: needed points = ceil(deductible yuan × pointChange), capped by the points the agent has;
 * the money offset is what those points buy, never more than the deductible money.
 */
export function pointsOffset(p: { deductible: Fen; pointChange: number; available: number }): { points: number; money: Fen } {
  const rate = p.pointChange > 0 ? p.pointChange : 1;
  if (p.deductible <= 0 || p.available <= 0) return { points: 0, money: 0 };
  const needed = Math.ceil((p.deductible * rate) / 100);
  if (needed <= p.available) return { points: needed, money: p.deductible };
  return { points: p.available, money: Math.min(p.deductible, Math.floor((p.available * 100) / rate)) };
}
