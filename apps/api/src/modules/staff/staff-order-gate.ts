import { STAFF_MESSAGES } from '@shop/contract';
import type { Executor, Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type AuditEntry } from '../audit/audit.queries.js';
import { assertTransition } from '../order/order.queries.js';
import type { StaffActor } from './staff-actor.js';
import { findOrderOfPlatform } from './staff.repository.js';

export const stateChanged = () => new AppError('VALIDATION', STAFF_MESSAGES.stateChanged);

/** The platform's order, in `from` and allowed to move to `to` (order-state.ts); else the spec's refusal. */
export async function platformOrderIn(db: Executor, actor: Pick<StaffActor, 'platId'>, orderId: number, from: number, to: number) {
  const order = await findOrderOfPlatform(db, actor.platId, orderId);
  if (!order) throw new AppError('RECORD_NOT_FOUND', STAFF_MESSAGES.orderNotFound);
  if (order.circulation_state !== from) throw stateChanged();
  assertTransition(from, to);
  return order;
}

/** Who acted, as the order log records a staff member. */
export function operatorName(actor: StaffActor) {
  return `staff:${actor.staffName}`;
}

/** What an order write records beyond who acted (the operation, the order, amounts, reason). */
export type OrderAudit = Omit<AuditEntry, 'platId' | 'staffId' | 'staffName' | 'role' | 'ip'>;

/** The audit record of a staff write on an order, in the write's transaction. */
export function auditOrderWrite(trx: Trx, actor: StaffActor, e: OrderAudit) {
  return recordAudit(trx, { ...e, platId: actor.platId, staffId: actor.staffId, staffName: actor.staffName, role: actor.role, ip: actor.ip });
}
