/** The performance module's face for flows (ARCHITECTURE layering): the monthly rollup kept at payment (ADR 0045). */
import type { Trx } from '../../db/types.js';
import { addToMonth } from './performance-months.repository.js';

type PaidOrder = { plat_id: string; create_agent_id: number | string; total_money: number | string };

/** An order became paid (state 3) at `payDate`: its goods total joins the buyer's month of payment. */
export function addPaidOrder(trx: Trx, order: PaidOrder, payDate: string) {
  return addToMonth(trx, { platId: order.plat_id, agentId: Number(order.create_agent_id), at: payDate, entries: 1, orderFen: Number(order.total_money) });
}

/** A paid order was wholly refunded (state 8, ADR 0034): it leaves the month it was paid in, as if never paid. */
export function removeRefundedOrder(trx: Trx, order: PaidOrder & { pay_date: string | null }) {
  if (!order.pay_date) return Promise.resolve();
  return addToMonth(trx, { platId: order.plat_id, agentId: Number(order.create_agent_id), at: order.pay_date, entries: -1, orderFen: -Number(order.total_money) });
}

/** A top-up or upgrade was approved at `at`: its amount joins the agent's month of approval. */
export function addApprovedRecharge(trx: Trx, a: { plat_id: string; agent_id: number | string; recharge_money: number | string }, at: string) {
  return addToMonth(trx, { platId: a.plat_id, agentId: Number(a.agent_id), at, entries: 1, rechargeFen: Number(a.recharge_money) });
}
