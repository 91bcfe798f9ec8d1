import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/ledger, whose repositories are their only writers (ADR 0013): account_changes.
 */

/** One ledger for every balance: account is 'store' | 'income' | 'integral' | 'bond' | 'frozen'. */
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
