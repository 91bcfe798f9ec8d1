import { sql } from 'kysely';
import type { Trx } from '../../db/types.js';
import { afterCommit } from '../../db/after-commit.js';
import { storedAccount } from '../../db/tables/ledger.js';
import { moneyMoved } from '../../lib/metrics.js';

/** The balances of an agent and their columns; every change goes through `moveBalance` with a ledger row. */
export const ACCOUNT_COLUMN = {
  store: 'last_store',
  /** The 总分 (docs/ARCHITECTURE.md glossary); its records are stored under the legacy 'income' (storedAccount). */
  totalScore: 'lave_income',
  integral: 'lave_integral',
  bond: 'bond_money',
  frozen: 'frozen_store',
  /** Withdrawing (ADR 0017): the total score held by submitted withdrawals. */
  apply: 'apply_income',
  /** Network income earned and still frozen (ADR 0017). */
  award: 'frozen_award',
} as const;
export type Account = keyof typeof ACCOUNT_COLUMN;

export interface Movement {
  platId: string;
  agentId: number;
  account: Account;
  /** Positive adds, negative takes; a take never leaves the balance below zero. */
  amount: number;
  /** The spec's change code (changeState). */
  changeState: number;
  orderCode: string | null;
  remark: string;
  at: string;
}

/**
 * Conditional update plus its change record, in the caller's transaction (ARCHITECTURE data rules).
 * Answers the balance after, or null when a take would go below zero (nothing changed).
 */
export async function moveBalance(trx: Trx, m: Movement): Promise<number | null> {
  const column = ACCOUNT_COLUMN[m.account];
  const updated = await trx
    .updateTable('agents')
    .set({ [column]: sql`${sql.ref(column)} + ${m.amount}` })
    .where('id', '=', m.agentId)
    .where(sql.ref(column), '>=', -Math.min(m.amount, 0))
    .returning(sql<number>`${sql.ref(column)}`.as('balance'))
    .executeTakeFirst();
  if (!updated) return null;
  const balance = Number(updated.balance);
  await trx
    .insertInto('account_changes')
    .values({
      plat_id: m.platId,
      agent_id: m.agentId,
      account: storedAccount(m.account),
      amount: m.amount,
      balance_after: balance,
      change_state: m.changeState,
      order_code: m.orderCode,
      remark: m.remark,
      created_at: m.at,
    })
    .execute();
  // Money moved per kind on /metrics, once the caller's transaction committed (ADR 0039); labelled with the stored
  // account name, like the table (the 总分 is account="income", docs/operations.md).
  afterCommit(trx, () => moneyMoved.inc({ account: storedAccount(m.account), code: String(m.changeState), direction: m.amount < 0 ? 'out' : 'in' }, Math.abs(m.amount)));
  return balance;
}
