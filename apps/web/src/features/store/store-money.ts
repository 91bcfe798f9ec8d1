/**
 * Yuan text ('12.30', as the wire answers) to fen and back, for the cart's sum on the phone. Written here rather than
 * imported from the contract's fen helpers because those ride in the agents' first-screen group chunk, which the store
 * must not load (ADR 0038 weight); the rule is the same: decimal text, never floating-point multiplication.
 */
export function yuanFen(yuan: string): number {
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return 0;
  return Number(m[1]) * 100 + Number(((m[2] ?? '') + '00').slice(0, 2));
}

export function fenYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** '¥12.30' */
export const yuanLabel = (fen: number) => `¥${fenYuan(fen)}`;
