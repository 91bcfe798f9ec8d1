import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/ledger, whose repositories are their only writers (ADR 0013): account_changes.
 */

/**
 * One ledger for every balance. account stores the legacy names, like the columns (lave_income, last_store): the code's
 * key 'totalScore' (the 总分) is stored 'income'; the others are stored as keyed ('store', 'integral', 'bond', 'frozen',
 * 'apply', 'award'). `storedAccount` / `accountOfStored` are the one mapping, used by every read and write of it.
 */
export interface AccountChangeTable {
  id: Generated<number>;
  plat_id: string;
  agent_id: number;
  account: string;
  /** Signed: positive adds, negative takes. */
  amount: number;
  balance_after: number;
  /** The spec's change code (changeState). */
  change_state: number;
  order_code: string | null;
  remark: string;
  created_at: Timestamp;
}

/** What account_changes.account stores for a ledger key (the 总分's key 'totalScore' is stored 'income'). */
export const storedAccount = (key: string): string => (key === 'totalScore' ? 'income' : key);
/** The ledger key of a stored account ('income' reads as 'totalScore'). */
export const accountOfStored = (stored: string): string => (stored === 'income' ? 'totalScore' : stored);
