import type { Fen } from './money.js';

/** spec 1 §4 / spec 2 §4 isCanState: how much of an order the goods-fund balance pays. */
export type BalanceState = 0 | 1 | 2 | 3 | 3.5 | 4 | 5 | 6;

/** The isCanState values by name (spec 1 §4): what the payment screen says for each. */
export const BALANCE_STATE = {
  /** The goods fund pays all, freight included. */
  paysAll: 1,
  /** The goods fund could pay the freight too, but may not: the freight is outstanding. */
  freightNotAllowed: 2,
  /** The goods are covered; the goods fund pays part of the freight, the rest is outstanding. */
  freightShort: 3,
  /** The goods fund may not pay the freight and could not have anyway: the freight is outstanding. */
  freightNotAllowedShort: 3.5,
  /** The goods fund pays what it can of the goods; the shortfall and the freight are outstanding. */
  goodsShort: 4,
  /** The whole order is paid offline. */
  offline: 5,
  /** Sent for review as a split: the goods fund paid its part, the rest offline. */
  offlineSplit: 6,
} as const satisfies Record<string, BalanceState>;

export interface BalanceSituation {
  state: BalanceState;
  /** Paid from the goods-fund balance. */
  fromBalance: Fen;
  /** Left to pay by another method (WeChat, income, offline). */
  outstanding: Fen;
  /** On states 3 and 4 the screen warns that the balance is insufficient and shows this shortfall. */
  shortfall: Fen;
}

/**
 * The one place the balance situation is decided (server and screens use it alike).
 * `freightFromBalance` is the goods-fund pay method's isCanPayPostage === 1.
 */
export function balanceSituation(p: {
  balance: Fen;
  goods: Fen;
  freight: Fen;
  freightFromBalance: boolean;
  offline?: boolean;
}): BalanceSituation {
  const { balance, goods, freight, freightFromBalance } = p;
  if (p.offline) return { state: BALANCE_STATE.offline, fromBalance: 0, outstanding: goods + freight, shortfall: 0 };
  if (balance < goods) {
    // 4: the balance pays what it can of the goods; the goods shortfall and the freight are outstanding.
    return { state: BALANCE_STATE.goodsShort, fromBalance: balance, outstanding: goods - balance + freight, shortfall: goods - balance + freight };
  }
  if (freight === 0) return { state: BALANCE_STATE.paysAll, fromBalance: goods, outstanding: 0, shortfall: 0 };
  if (freightFromBalance) {
    if (balance >= goods + freight) return { state: BALANCE_STATE.paysAll, fromBalance: goods + freight, outstanding: 0, shortfall: 0 };
    // 3: the goods are covered, the balance also pays part of the freight; the remainder is outstanding.
    const outstanding = goods + freight - balance;
    return { state: BALANCE_STATE.freightShort, fromBalance: balance, outstanding, shortfall: outstanding };
  }
  // The goods fund may not pay freight: 2 when it could have, 3.5 when it could not anyway; freight is outstanding.
  return { state: balance >= goods + freight ? BALANCE_STATE.freightNotAllowed : BALANCE_STATE.freightNotAllowedShort, fromBalance: goods, outstanding: freight, shortfall: 0 };
}

/**
 * spec 1 §4 / spec 2 §4: an offline payment sent for review is 6 when it was a split (the goods fund paid its part,
 * the rest offline), 5 when the whole order is paid offline.
 */
export function offlineSentState(goodsPart: Fen): 5 | 6 {
  return goodsPart > 0 ? BALANCE_STATE.offlineSplit : BALANCE_STATE.offline;
}
