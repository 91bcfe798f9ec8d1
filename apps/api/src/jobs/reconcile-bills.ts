import type { Deps } from '../deps.js';
import { chinaDate, DAY } from '../lib/clock.js';
import { chinaTimeText } from '@shop/contract/china-time';
import { billDayDone, matchBills, type BillMatchResult } from '../modules/payment/payment.queries.js';
import { WechatPayApiError } from '../providers/wechatpay/wechatpay-provider.js';

/** WeChat makes the previous day's bills from about 10:00 China time (reference §8.1). */
export const BILLS_READY_HOUR = 10;

/**
 * The daily reconciliation (ADR 0032): once the bills are ready, yesterday's China day is matched once (a run
 * recorded in reconcile_runs is not repeated; staff may run a day again). A bill still being made is tried next tick.
 * Safe in several processes: each difference is added once by its unique key.
 */
export async function reconcileBills(deps: Deps, now: Date): Promise<BillMatchResult | null> {
  if (Number(chinaTimeText(now).slice(11, 13)) < BILLS_READY_HOUR) return null;
  const billDate = chinaDate(new Date(now.getTime() - DAY));
  if (await billDayDone(deps, billDate)) return null;
  try {
    return await matchBills(deps, billDate, '系统');
  } catch (err) {
    if (err instanceof WechatPayApiError && (err.code === 'STATEMENT_CREATING' || err.code === 'SYSTEM_ERROR')) {
      deps.log.info({ billDate, code: err.code }, 'wechatpay bill not ready; tried again later');
      return null;
    }
    throw err;
  }
}
