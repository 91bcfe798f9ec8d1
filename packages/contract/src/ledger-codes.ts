/**
 * spec 3 §9: the change codes (changeState) of the balance records, one table per account. The server writes them,
 * the record screens read them; nothing else spells these numbers.
 */

/** A record's direction, changeType (and the record screens' filter): 1 in (income, points added), 2 out. */
export const CHANGE_TYPE = { in: 1, out: 2 } as const;

/** Points (laveIntegral) change sources; any other value reads as "points expired and cleared". */
export const POINTS_CHANGE = {
  manualAdd: 11,
  signIn: 12,
  signInStreak: 13,
  spendingGift: 14,
  orderClosedRefund: 15,
  orderCancelledRefund: 16,
  rechargeGift: 17,
  welfareDiscount: 18,
  manualReduce: 21,
  /** Points exchange (activity area). */
  exchange: 22,
  /** Points offset (welfare area). */
  offset: 23,
} as const;

/** Total-score (laveIncome) changeState. */
export const INCOME_CHANGE = {
  manualAdd: 11,
  transferIn: 12,
  salesScoreIncome: 13,
  serviceIncome: 14,
  recruitmentIncome: 15,
  retailIncome: 16,
  salesIncome: 17,
  withdrawalFailed: 18,
  orderCancelledAdd: 19,
  selfPurchaseIncome: 111,
  manualReduce: 21,
  purchaseUse: 22,
  serviceExpense: 23,
  recruitmentExpense: 24,
  withdrawalExpense: 25,
  transferOut: 26,
  postage: 27,
  upgradeTopUp: 28,
  complianceDeposit: 29,
  fee: 221,
  welfareDiscount: 222,
} as const;

/** Goods-payment (lastStore) changeState; any other value is shown as frozen. */
export const STORE_CHANGE = {
  manualAdd: 11,
  recharge: 12,
  upgradeTopUp: 13,
  frozenTransfer: 14,
  orderClosedRefund: 15,
  manualReduce: 21,
  purchaseUse: 22,
  subAgentPurchaseUse: 23,
} as const;

/** What an unpaid order gives back when it closes or its offline payment is refused, per account it took from. */
export const ORDER_GIVE_BACK = { store: STORE_CHANGE.orderClosedRefund, totalScore: INCOME_CHANGE.orderCancelledAdd } as const;

/**
 * What a staff refund of a paid order writes (ADR 0034, spec 3 §9): each paid part back to its account, the welfare
 * gift points taken back (HQ reduce 21: the spec has no own code), frozen network income cancelled (19, as a close
 * voids it) and released income clawed back from the total score by kind (23 service expense for an order's income,
 * 24 recruitment expense).
 */
export const ORDER_REFUND_CHANGE = {
  store: STORE_CHANGE.orderClosedRefund,
  income: INCOME_CHANGE.orderCancelledAdd,
  points: POINTS_CHANGE.orderCancelledRefund,
  giftPointsBack: POINTS_CHANGE.manualReduce,
  frozenIncomeCancelled: INCOME_CHANGE.orderCancelledAdd,
  clawBack: { order: INCOME_CHANGE.serviceExpense, recharge: INCOME_CHANGE.recruitmentExpense },
} as const;

export type PointsChange = (typeof POINTS_CHANGE)[keyof typeof POINTS_CHANGE];
export type IncomeChange = (typeof INCOME_CHANGE)[keyof typeof INCOME_CHANGE];
export type StoreChange = (typeof STORE_CHANGE)[keyof typeof STORE_CHANGE];
