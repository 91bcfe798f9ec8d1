/**
 * The reversal arithmetic of a staff refund (ADR 0034), pure and in whole fen / points. Every figure is cumulative:
 * what the units refunded so far carry of a total, floored, so the refunds of one order always add up to exactly the
 * total when every unit is refunded, whatever the order of the partial refunds.
 */

/** Splits `total` over `weights` by largest remainder (ties to the earlier index); all zero weights: evenly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.some((x) => x > 0) ? weights : weights.map(() => 1);
  const sum = w.reduce((s, x) => s + BigInt(x), 0n);
  const t = BigInt(total);
  const parts = w.map((x) => (t * BigInt(x)) / sum);
  const rest = w.map((x, i) => ({ i, r: (t * BigInt(x)) % sum }));
  let left = Number(t - parts.reduce((s, x) => s + x, 0n));
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    parts[i]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** What `done` of `count` units carry of `value` (floored); the whole value once every unit is done. */
export function shareOf(value: number, done: number, count: number): number {
  if (count <= 0) return 0;
  return Number((BigInt(value) * BigInt(done)) / BigInt(count));
}

export interface RefundLine {
  id: number;
  buyNum: number;
  /** Units refunded before this refund. */
  before: number;
  /** Units refunded by this refund. */
  qty: number;
}

/**
 * What this refund takes of a total spread over the lines: the total is allocated to the lines by weight, each line's
 * part carried by its units; answers the cumulative share after this refund less the share before it.
 */
export function lineShare(total: number, weights: readonly number[], lines: readonly RefundLine[]): { total: number; perLine: number[] } {
  const parts = allocate(total, weights);
  const perLine = lines.map((l, i) => shareOf(parts[i]!, l.before + l.qty, l.buyNum) - shareOf(parts[i]!, l.before, l.buyNum));
  return { total: perLine.reduce((s, x) => s + x, 0), perLine };
}

/** The order's parts by method, in the order the remainder fen go (internal balances first, ADR 0034). */
export const METHODS = ['store', 'income', 'wechat', 'offline'] as const;
export type Method = (typeof METHODS)[number];
export type Parts = Record<Method, number>;

/**
 * Splits a refund `amount` over what each method still holds of the order, in proportion (largest remainder, ties to
 * the earlier method): never more than a method holds, and exactly what each holds when the amount is all that is left.
 */
export function splitByMethod(amount: number, left: Parts): Parts {
  const shares = allocate(amount, METHODS.map((m) => left[m]));
  return Object.fromEntries(METHODS.map((m, i) => [m, shares[i]!])) as Parts;
}
