import { ORDER_STATE } from '@shop/contract';
import type { Deps } from '../deps.js';
import { addMs, DAY, iso } from '../lib/clock.js';
import * as orders from '../modules/order/order.queries.js';
import { SYSTEM_OPERATOR } from './close-order.js';

/** The order log's name of the move, which the console's order detail shows with the time and the operator 系统. */
export const AUTO_RECEIPT = '系统自动确认收货';
const BATCH = 200;

/**
 * spec 2 §4 state 4 → 5 without the agent (ADR 0027): a shipped order is received automatically once its shipping
 * time plus the order rules' days (default 10) has come, so the network income it earned is released as usual from
 * the receipt time (flows/network-income). The same compare-and-set as the agent's confirm receipt, one transaction
 * per order with its log row, so several processes running the job at once receive each order once. Answers how many
 * this call received.
 */
export async function autoReceiveOrders(deps: Deps, now: Date): Promise<number> {
  const k = deps.db.kysely;
  const at = iso(now);
  let received = 0;
  for (const platId of await orders.platformsWithShipped(k)) {
    const days = await orders.autoReceiveDays(k, platId);
    const sentBy = iso(addMs(now, -days * DAY));
    for (;;) {
      const due = await orders.shippedSentBy(k, platId, sentBy, BATCH);
      for (const o of due) {
        const moved = await k.transaction().execute(async (trx) => {
          if (!(await orders.moveState(trx, Number(o.id), ORDER_STATE.shipped, ORDER_STATE.done, { receipt_date: at }))) return false;
          const log = { order_id: Number(o.id), order_state: ORDER_STATE.done, opt_name: AUTO_RECEIPT, opt_by: SYSTEM_OPERATOR, opt_remark: `发货${days}天未确认收货`, created_at: at };
          await orders.addLog(trx, log);
          return true;
        });
        if (moved) received += 1;
      }
      // Every order of this batch has left state 4 (received here or by another process), so the next batch is new.
      if (due.length < BATCH) break;
    }
  }
  return received;
}
