import { ORDER_STATE } from '@shop/contract';
import { AppError } from '../../lib/errors.js';

/**
 * The codes (ORDER_STATE) live in the contract, where the screens read them too; the moves between them are the
 * server's.
 *
 * The only moves an order makes (CONVENTIONS 9). A rejected offline payment goes back from review to unpaid.
 * Every move is a compare-and-set on the current state (order.repository moveState).
 */
const S = ORDER_STATE;
export const orderTransitions: Record<number, readonly number[]> = {
  [S.unpaid]: [S.review, S.toShip, S.closed, S.timedOut],
  [S.review]: [S.unpaid, S.toShip],
  // ADR 0034: a whole refund by staff ends a paid order, shipped or not.
  [S.toShip]: [S.shipped, S.refunded],
  // ADR 0035: the warehouse marks a parcel never handed over as not shipped (4 → 3).
  [S.shipped]: [S.done, S.refunded, S.toShip],
  [S.done]: [S.refunded],
};

export function canMove(from: number, to: number): boolean {
  return orderTransitions[from]?.includes(to) ?? false;
}

export function assertTransition(from: number, to: number): void {
  if (!canMove(from, to)) throw new AppError('VALIDATION', '订单状态已变化，请刷新后重试');
}
