import type { Deps } from '../deps.js';
import { closeExpiredOrders as closeExpired } from '../flows/close-order.js';
import type { WechatLifecycle } from '../modules/payment/payment.queries.js';

/**
 * spec 2 §4: an unpaid order closes by itself when its payment window (createDate + noPayChanelSet minutes, stored as
 * orders.pay_deadline) has passed: state 7 with the timeout reason, its stock and points given back. Answers how many
 * orders this run closed; orders another process closed (or that were paid) in the meantime are skipped.
 */
export function closeExpiredOrders(deps: Deps, now: Date, wechat: WechatLifecycle): Promise<number> {
  return closeExpired(deps, now, wechat);
}
