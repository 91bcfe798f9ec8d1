import type { SubjectKind } from '../../db/schema.js';
import type { Executor, Trx } from '../../db/types.js';
import type { WechatPaymentRow } from './wechat-payment.repository.js';

export type { SubjectKind };

/**
 * What one kind of paid thing (an order, a top-up, an upgrade, a deposit) does at each step of the WeChat
 * lifecycle. Registered by the flow that owns the kind (ADR 0012); every function runs in the lifecycle's transaction.
 */
export interface SubjectHooks {
  /** The reference written on ledger records of this subject (an order's code). */
  codeOf(db: Executor, subjectId: number): Promise<string | null>;
  /** Ledger change codes of the reserved goods-fund part: taken with the payment, given back when it does not complete. */
  changeCodes: { use: number; back: number };
  /** The new payment's reservation is now the subject's (start transaction); false: the subject can no longer be paid. */
  reserved(trx: Trx, p: WechatPaymentRow): Promise<boolean>;
  /** WeChat took the money: false when the subject can no longer take it (it closed), and the money is refunded. */
  paid(trx: Trx, p: WechatPaymentRow, at: string): Promise<boolean>;
  /** The payment will not complete and the lifecycle gave its reservation back: the subject forgets it. */
  released(trx: Trx, p: WechatPaymentRow): Promise<void>;
}

export type SubjectRegistry = Record<SubjectKind, SubjectHooks>;
