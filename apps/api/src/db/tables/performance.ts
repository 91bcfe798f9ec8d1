/*
 * Tables written by modules/performance, whose repositories are their only writers (ADR 0013): performance_months.
 */

/**
 * ADR 0045: the monthly performance rollup, one row per agent per China month ('YYYY-MM'), fen: the goods totals of
 * its paid orders (freight excluded) and the amounts of its approved top-ups, kept in the transaction that pays,
 * refunds or approves them.
 */
export interface PerformanceMonthTable {
  plat_id: string;
  agent_id: number;
  month: string;
  /** How many paid orders and approved top-ups the sums hold: a month whose only order was refunded shows no more. */
  entries: number;
  order_money: number;
  recharge_money: number;
}
