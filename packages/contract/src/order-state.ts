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
