import { STAFF_MESSAGES } from '@shop/contract';
import type { Executor, Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type AuditEntry } from '../audit/audit.queries.js';
import { assertTransition } from '../order/order.queries.js';
import { findOrderOfPlatform, findStaffById } from './staff.repository.js';

/** The staff member acting, for the order log and the audit record (a staff handler's context is one). */
export interface Actor {
  staffId: number;
  platId: string;
  staffRole: string;
  ip: string;
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

/** What an order write records beyond who acted (the operation, the order, amounts, reason). */
export type OrderAudit = Omit<AuditEntry, 'platId' | 'staffId' | 'staffName' | 'role' | 'ip'>;

/** The audit record of a staff write on an order, in the write's transaction; `by` is operatorName's answer. */
export function auditOrderWrite(trx: Trx, actor: Actor, by: string, e: OrderAudit) {
  const staffName = by.startsWith('staff:') ? by.slice('staff:'.length) : by;
  return recordAudit(trx, { ...e, platId: actor.platId, staffId: actor.staffId, staffName, role: actor.staffRole, ip: actor.ip });
}
