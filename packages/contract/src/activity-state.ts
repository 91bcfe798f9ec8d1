// Activity states without zod: the web's /detail and activity lists count down with them and must not carry the
// schemas (ADR 0015). catalog.ts re-exports them beside the wire schemas.

/** Activity states (spec 1 §3): 1 not started, 2 running, 3 ended. */
export const ACT_STATE = { notStarted: 1, running: 2, ended: 3 } as const;

/** How an activity's item is exchanged (spec 1 §3 exchangeType): 1 points only, 2 points and money, 3 money only. */
export const EXCHANGE_TYPE = { points: 1, pointsAndMoney: 2, money: 3 } as const;

/**
 * A product's zone, prodType (spec 1 §2): 1 the self-run zone 自营专区, 2 the welfare zone 福利专区; /detail and the
 * lists read 3 as an activity (its prodId is then the activity's id). Here, without zod, beside the activity codes.
 */
export const PROD_TYPE = { selfRun: 1, welfare: 2, activity: 3 } as const;
export type ProdType = (typeof PROD_TYPE)[keyof typeof PROD_TYPE];

/** spec 1 §4: the state an activity is in at `now` (all epoch milliseconds); it advances when a countdown ends. */
export function activityStateAt(startMs: number, endMs: number, nowMs: number): 1 | 2 | 3 {
  if (nowMs < startMs) return ACT_STATE.notStarted;
  if (nowMs >= endMs) return ACT_STATE.ended;
  return ACT_STATE.running;
}
