import { STAFF_MESSAGES } from '@shop/contract';
import type { Executor } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { assertTransition } from '../order/order.queries.js';
import { findOrderOfPlatform, findStaffById } from './staff.repository.js';

/** The staff member acting, for the order log. */
export interface Actor {
  staffId: number;
  platId: string;
}

export const stateChanged = () => new AppError('VALIDATION', STAFF_MESSAGES.stateChanged);

/** The platform's order, in `from` and allowed to move to `to` (order-state.ts); else the spec's refusal. */
export async function platformOrderIn(db: Executor, actor: Actor, orderId: number, from: number, to: number) {
  const order = await findOrderOfPlatform(db, actor.platId, orderId);
  if (!order) throw new AppError('RECORD_NOT_FOUND', STAFF_MESSAGES.orderNotFound);
  if (order.circulation_state !== from) throw stateChanged();
  assertTransition(from, to);
  return order;
}

/** Who acted, as the order log records a staff member. */
export async function operatorName(db: Executor, actor: Actor) {
  const staff = await findStaffById(db, actor.staffId);
  return `staff:${staff?.username ?? actor.staffId}`;
}
