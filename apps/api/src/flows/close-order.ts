import { ORDER_MESSAGES } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { addSales, returnActivityStock, returnStock } from '../modules/catalog/catalog.queries.js';
import { moveBalance, type Account } from '../modules/ledger/ledger.repository.js';
import { moveState } from '../modules/order/order.repository.js';
import { assertTransition, ORDER_STATE } from '../modules/order/order-state.js';
import * as view from '../modules/orders-view/orders-view.repository.js';

export interface CloseRequest {
  orderId: number;
  /** 6 closed by the agent, 7 closed because the payment window ran out. */
  to: typeof ORDER_STATE.closed | typeof ORDER_STATE.timedOut;
  reason: string;
  /** Who closed it, for the order log. */
  by: string;
  at: Date;
}

/** What closing an unpaid order gives back to the agent (spec change codes). */
const GIVE_BACK: { column: 'goods_pay_money' | 'award_pay_money'; account: Account; changeState: number; remark: string }[] = [
  // A WeChat split reserves the balance part on the order while it waits (flows/pay-order.ts).
  { column: 'goods_pay_money', account: 'store', changeState: 15, remark: '订单关闭退回' },
  { column: 'award_pay_money', account: 'income', changeState: 19, remark: '订单关闭退回' },
];

/**
 * Closes an unpaid order (state 1 → 6 or 7) inside the caller's transaction and gives back what placing it took:
 * the stock of every line (activity lines to their activity item, gifts too), the units counted as sold, the points
 * (offset and exchange) and any goods-fund or income part reserved for a split payment, each with its change record;
 * then writes the order log. The state moves first by compare-and-set, so whoever loses a race (a double submit, the
 * timeout job in another process) gets false and gives nothing back twice.
 */
export async function closeUnpaidOrder(trx: Trx, c: CloseRequest): Promise<boolean> {
  assertTransition(ORDER_STATE.unpaid, c.to);
  const at = iso(c.at);
  const moved = await moveState(trx, c.orderId, ORDER_STATE.unpaid, c.to, { close_state: 1, close_date: at, close_reason: c.reason });
  if (!moved) return false;
  // Read after the move: the row is ours now, so the amounts cannot change under us.
  const order = (await view.findById(trx, c.orderId))!;

  // Rows are updated in one order (specs, then products, by id), so two closes cannot deadlock on PostgreSQL.
  const lines = (await view.linesOf(trx, [c.orderId])).sort((x, y) => Number(x.single_prod_id) - Number(y.single_prod_id));
  const sold = new Map<number, number>();
  for (const line of lines) {
    if (line.activity_item_id !== null) await returnActivityStock(trx, Number(line.activity_item_id), line.buy_num);
    else await returnStock(trx, Number(line.single_prod_id), line.buy_num);
    // Gifts were never counted as sold (flows/place-order.ts).
    if (!line.is_first_gift) sold.set(Number(line.prod_id), (sold.get(Number(line.prod_id)) ?? 0) + line.buy_num);
  }
  for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, -n);

  const movement = { platId: order.plat_id, agentId: Number(order.create_agent_id), orderCode: order.order_code, at };
  const points = order.balance_point + order.actual_point;
  if (points > 0) await credit(trx, { ...movement, account: 'integral', amount: points, changeState: 19, remark: '订单取消退回' });
  for (const g of GIVE_BACK) {
    const amount = Number(order[g.column]);
    if (amount > 0) await credit(trx, { ...movement, account: g.account, amount, changeState: g.changeState, remark: g.remark });
  }

  await view.addLog(trx, {
    order_id: c.orderId,
    order_state: c.to,
    opt_name: c.to === ORDER_STATE.closed ? '关闭订单' : '超时关闭',
    opt_by: c.by,
    opt_remark: c.reason,
    created_at: at,
  });
  return true;
}

async function credit(trx: Trx, m: Parameters<typeof moveBalance>[1]) {
  if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${m.agentId} not found while giving back ${m.account}`);
}

/** One close in its own transaction. */
export function closeOrder({ db }: Deps, c: CloseRequest): Promise<boolean> {
  return db.kysely.transaction().execute((trx) => closeUnpaidOrder(trx, c));
}

export const SYSTEM_OPERATOR = '系统';
const BATCH = 100;

/**
 * Closes every unpaid order whose payment window has closed at `now` (of one agent when given) as 7 with the timeout
 * reason, one transaction per order. Safe in several processes at once: an order another process closed (or paid)
 * first is skipped. Answers how many this call closed.
 */
export async function closeExpiredOrders(deps: Deps, now: Date, agentId?: number): Promise<number> {
  let closed = 0;
  for (;;) {
    const due = await view.findExpiredUnpaid(deps.db.kysely, iso(now), BATCH, agentId);
    for (const { id } of due) {
      const request = { orderId: Number(id), to: ORDER_STATE.timedOut, reason: ORDER_MESSAGES.timeoutReason, by: SYSTEM_OPERATOR, at: now };
      if (await closeOrder(deps, request)) closed += 1;
    }
    // Every order of this batch has left state 1 (closed here or elsewhere), so the next batch holds new ones.
    if (due.length < BATCH) return closed;
  }
}
