import { ORDER_GIVE_BACK, ORDER_MESSAGES, ORDER_STATE, POINTS_CHANGE } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { addSales, returnActivityStock, returnStock } from '../modules/catalog/catalog.queries.js';
import { moveBalance, type Account } from '../modules/ledger/ledger.repository.js';
import { addLog, assertTransition, findExpiredUnpaid, findOrderById, linesOf, moveState } from '../modules/order/order.queries.js';
import type { WechatLifecycle } from '../modules/payment/payment.queries.js';
import { notify } from '../modules/notification/notification.queries.js';

export interface CloseRequest {
  orderId: number;
  /** 6 closed by the agent, 7 closed because the payment window ran out. */
  to: typeof ORDER_STATE.closed | typeof ORDER_STATE.timedOut;
  reason: string;
  /** Who closed it, for the order log. */
  by: string;
  at: Date;
}

/** The order columns closing an unpaid order gives back, each to its account (spec 3 §9 codes). */
const GIVEN_BACK: { column: 'goods_pay_money' | 'award_pay_money'; account: Account; changeState: number; remark: string }[] = [
  // A WeChat split's balance part is given back by its payment row (modules/payment); only what no payment held here.
  { column: 'goods_pay_money', account: 'store', changeState: ORDER_GIVE_BACK.store, remark: '订单关闭退回' },
  { column: 'award_pay_money', account: 'totalScore', changeState: ORDER_GIVE_BACK.totalScore, remark: '订单关闭退回' },
];

/**
 * Closes an unpaid order (state 1 → 6 or 7) inside the caller's transaction and gives back what placing it took:
 * the stock of every line (activity lines to their activity item, gifts too), the units counted as sold, the points
 * (offset and exchange) and any goods-fund or income part reserved for a split payment, each with its change record;
 * then writes the order log. The state moves first by compare-and-set, so whoever loses a race (a double submit, the
 * timeout job in another process) gets false and gives nothing back twice.
 */
export async function closeUnpaidOrder(trx: Trx, c: CloseRequest, wechat: WechatLifecycle): Promise<boolean> {
  assertTransition(ORDER_STATE.unpaid, c.to);
  const at = iso(c.at);
  const moved = await moveState(trx, c.orderId, ORDER_STATE.unpaid, c.to, { close_state: 1, close_date: at, close_reason: c.reason });
  if (!moved) return false;
  // Read after the move: the row is ours now, so the amounts cannot change under us.
  const order = (await findOrderById(trx, c.orderId))!;

  // Rows are updated in one order (specs, then products, by id), so two closes cannot deadlock on PostgreSQL.
  const lines = (await linesOf(trx, [c.orderId])).sort((x, y) => Number(x.single_prod_id) - Number(y.single_prod_id));
  const sold = new Map<number, number>();
  for (const line of lines) {
    if (line.activity_item_id !== null) await returnActivityStock(trx, Number(line.activity_item_id), line.buy_num);
    else await returnStock(trx, Number(line.single_prod_id), line.buy_num);
    // Gifts were never counted as sold (flows/place-order.ts).
    if (!line.is_first_gift) sold.set(Number(line.prod_id), (sold.get(Number(line.prod_id)) ?? 0) + line.buy_num);
  }
  for (const [prodId, n] of [...sold].sort(([x], [y]) => x - y)) await addSales(trx, prodId, -n);

  // The open WeChat payment (closed at WeChat by the caller) gives back the part it reserved, once, by its own row.
  const heldByPayment = await wechat.abandonOpenIn(trx, 'order', c.orderId, at);
  const movement = { platId: order.plat_id, agentId: Number(order.create_agent_id), orderCode: order.order_code, at };
  const points = order.balance_point + order.actual_point;
  if (points > 0) await credit(trx, { ...movement, account: 'integral', amount: points, changeState: POINTS_CHANGE.orderClosedRefund, remark: '订单取消退回' });
  for (const g of GIVEN_BACK) {
    const amount = Number(order[g.column]) - (g.account === 'store' ? heldByPayment : 0);
    if (amount > 0) await credit(trx, { ...movement, account: g.account, amount, changeState: g.changeState, remark: g.remark });
  }

  await addLog(trx, {
    order_id: c.orderId,
    order_state: c.to,
    opt_name: c.to === ORDER_STATE.closed ? '关闭订单' : '超时关闭',
    opt_by: c.by,
    opt_remark: c.reason,
    created_at: at,
  });
  // ADR 0037: an order the system closed (the payment window ran out) is news to the agent; one they closed is not.
  if (c.to === ORDER_STATE.timedOut) {
    await notify(trx, {
      platId: order.plat_id,
      agentId: Number(order.create_agent_id),
      key: `order:${c.orderId}:auto-closed`,
      kind: 'orderClosed',
      title: '订单已自动关闭',
      body: `订单 ${order.order_code} 超时未支付，已自动关闭，占用的库存、积分和余额已退回。`,
      link: `/ordersDetail?id=${c.orderId}`,
      at,
      fields: { orderCode: order.order_code, reason: c.reason },
    });
  }
  return true;
}

async function credit(trx: Trx, m: Parameters<typeof moveBalance>[1]) {
  if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${m.agentId} not found while giving back ${m.account}`);
}

/**
 * One close in its own transaction, after closing the order's open WeChat payment at WeChat: a
 * payment WeChat says was paid meanwhile is credited instead and the close answers false. A payment that still
 * succeeds later is refunded automatically (modules/payment).
 */
export async function closeOrder(deps: Deps, c: CloseRequest, wechat: WechatLifecycle): Promise<boolean> {
  if ((await wechat.closeOpen('order', c.orderId)) === 'paid') return false;
  return deps.db.kysely.transaction().execute((trx) => closeUnpaidOrder(trx, c, wechat));
}

export const SYSTEM_OPERATOR = '系统';
const BATCH = 100;

/**
 * Closes every unpaid order whose payment window has closed at `now` (of one agent when given) as 7 with the timeout
 * reason, one transaction per order. Safe in several processes at once: an order another process closed (or paid)
 * first is skipped. Answers how many this call closed.
 */
export async function closeExpiredOrders(deps: Deps, now: Date, wechat: WechatLifecycle, agentId?: number): Promise<number> {
  let closed = 0;
  const failed = new Set<number>();
  for (;;) {
    const due = (await findExpiredUnpaid(deps.db.kysely, iso(now), BATCH + failed.size, agentId)).filter((o) => !failed.has(Number(o.id)));
    for (const { id } of due.slice(0, BATCH)) {
      const request = { orderId: Number(id), to: ORDER_STATE.timedOut, reason: ORDER_MESSAGES.timeoutReason, by: SYSTEM_OPERATOR, at: now };
      try {
        if (await closeOrder(deps, request, wechat)) closed += 1;
      } catch (err) {
        // WeChat could not close its payment now: this order waits for the next run, the others do not.
        failed.add(Number(id));
        deps.log.warn({ orderId: Number(id), err: String(err) }, 'close-expired-orders: order not closed');
      }
    }
    // Every order of this batch has left state 1 (closed here or elsewhere) or failed, so the next batch holds new ones.
    if (due.length < BATCH) return closed;
  }
}

/**
 * The agent's closing of its orders as the order list and detail use it (routes/agent/orders-view gets it from compose.ts, the
 * composition root): close one order, and close the agent's expired ones before a read.
 */
export function createOrderClosing(deps: Deps, wechat: WechatLifecycle) {
  return {
    close: (c: CloseRequest) => closeOrder(deps, c, wechat),
    closeExpired: (now: Date, agentId: number) => closeExpiredOrders(deps, now, wechat, agentId),
  };
}
export type OrderClosing = ReturnType<typeof createOrderClosing>;
