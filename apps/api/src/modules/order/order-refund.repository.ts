import type { Trx } from '../../db/types.js';

/**
 * The order's side of a staff refund (ADR 0034): compare-and-set on the order (its state and the money refunded so far,
 * as read) and on each line (its refunded quantity, never above what was bought). Whoever loses a race (a second
 * refund, shipping, receipt) changes nothing and is told to refresh.
 */
export async function recordOrderRefund(
  trx: Trx,
  orderId: number,
  seen: { state: number; refundMoney: number },
  next: { state: number; refundState: number; refundMoney: number },
): Promise<boolean> {
  const res = await trx
    .updateTable('orders')
    .set({ circulation_state: next.state, refund_state: next.refundState, refund_money: next.refundMoney })
    .where('id', '=', orderId)
    .where('circulation_state', '=', seen.state)
    .where('refund_money', '=', seen.refundMoney)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recordLineRefund(trx: Trx, line: { id: number; refundNum: number; buyNum: number }, qty: number): Promise<boolean> {
  if (line.refundNum + qty > line.buyNum) return false;
  const res = await trx
    .updateTable('order_lines')
    .set({ refund_num: line.refundNum + qty })
    .where('id', '=', line.id)
    .where('refund_num', '=', line.refundNum)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
