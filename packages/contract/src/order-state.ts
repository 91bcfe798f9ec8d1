/** spec 2 §4 order circulationState: the server moves it (see the api's transitions map), the screens read it. */
export const ORDER_STATE = {
  unpaid: 1,
  /** Offline payment submitted, awaiting the merchant's review. */
  review: 2,
  toShip: 3,
  shipped: 4,
  done: 5,
  closed: 6,
  /** Closed by the payment window running out. */
  timedOut: 7,
  /** Wholly refunded by staff after payment (ADR 0034); a partial refund keeps the state and sets refund_state 1. */
  refunded: 8,
} as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

/** spec 2 §4 order payState: 1 once the order is paid in full (or its offline payment approved). */
export const PAY_STATE = { unpaid: 0, paid: 1 } as const;

/** spec 2 §4 order confirmPayState, the offline payment's review: 0 none, 1 waiting, 2 approved, 3 rejected. */
export const CONFIRM_PAY_STATE = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

/**
 * A reviewed record's checkState (receipt records, top-ups, withdrawals, deposits, their refunds): 0 waiting for
 * staff, 1 passed, 2 rejected (spec 3 §4). Some records add states of their own (RECHARGE_STATE, BOND_STATE).
 */
export const CHECK_STATE = { pending: 0, passed: 1, rejected: 2 } as const;
