import type { Fen } from './money.js';

/** spec 1 §4 / spec 2 §4 isCanState: how much of an order the goods-fund balance pays. */
export type BalanceState = 0 | 1 | 2 | 3 | 3.5 | 4 | 5 | 6;

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
  if (p.offline) return { state: 5, fromBalance: 0, outstanding: goods + freight, shortfall: 0 };
  if (balance < goods) {
    // 4: the balance pays what it can of the goods; the goods shortfall and the freight are outstanding.
    return { state: 4, fromBalance: balance, outstanding: goods - balance + freight, shortfall: goods - balance + freight };
  }
  if (freight === 0) return { state: 1, fromBalance: goods, outstanding: 0, shortfall: 0 };
  if (freightFromBalance) {
    if (balance >= goods + freight) return { state: 1, fromBalance: goods + freight, outstanding: 0, shortfall: 0 };
    // 3: the goods are covered, the balance also pays part of the freight; the remainder is outstanding.
    const outstanding = goods + freight - balance;
    return { state: 3, fromBalance: balance, outstanding, shortfall: outstanding };
  }
  // The goods fund may not pay freight: 2 when it could have, 3.5 when it could not anyway; freight is outstanding.
  return { state: balance >= goods + freight ? 2 : 3.5, fromBalance: goods, outstanding: freight, shortfall: 0 };
}

/**
 * spec 1 §4 / spec 2 §4: an offline payment sent for review is 6 when it was a split (the goods fund paid its part,
 * the rest offline), 5 when the whole order is paid offline.
 */
export function offlineSentState(goodsPart: Fen): 5 | 6 {
  return goodsPart > 0 ? 6 : 5;
}
