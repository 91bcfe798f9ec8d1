// Both ledger invariants (ARCHITECTURE data rules, ADR 0034) in SQL, for a database too big to read into memory as the
// test helpers do: every balance equals the sum of its change records and none is negative; every order's goods-fund
// and total-score records sum to what the order holds (nothing net once closed).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/api/src/db/schema.js';

const ACCOUNTS = [
  ['last_store', 'store'],
  ['lave_income', 'income'],
  ['lave_integral', 'integral'],
  ['bond_money', 'bond'],
  ['frozen_store', 'frozen'],
  ['apply_income', 'apply'],
  ['frozen_award', 'award'],
] as const;

/** Agents whose balances differ from their records (or are negative), and orders whose records differ from them. */
export async function ledgerBreaches(k: Kysely<Database>): Promise<{ agents: number; orders: number }> {
  const sums = ACCOUNTS.map(([, acc]) => `sum(case when account = '${acc}' then amount else 0 end) as ${acc}`).join(', ');
  const differs = ACCOUNTS.map(([col, acc]) => `a.${col} <> coalesce(s.${acc}, 0) or a.${col} < 0`).join(' or ');
  const agents = await sql<{ n: number }>`select count(*) as n from agents a left join (select agent_id, ${sql.raw(sums)} from account_changes group by agent_id) s on s.agent_id = a.id where ${sql.raw(differs)}`.execute(k);
  // Income from the network names the order that earned it (ADR 0017) and its claw-back is the earner's (ADR 0034).
  const orders = await sql<{ n: number }>`
    select count(*) as n from orders o
    left join (
      select order_code,
             sum(case when account = 'store' then amount else 0 end) as store,
             sum(case when account = 'income' and change_state not in (13, 14, 15, 16, 17, 111, 23, 24) then amount else 0 end) as income
      from account_changes where order_code is not null and account in ('store', 'income') group by order_code
    ) c on c.order_code = o.order_code
    left join (select order_id, sum(store_amount) as store, sum(income_amount) as income from order_refunds group by order_id) r on r.order_id = o.id
    where coalesce(c.store, 0) <> case when o.circulation_state in (6, 7) then 0 else coalesce(r.store, 0) - o.goods_pay_money end
       or coalesce(c.income, 0) <> case when o.circulation_state in (6, 7) then 0 else coalesce(r.income, 0) - o.award_pay_money end`.execute(k);
  return { agents: Number(agents.rows[0]?.n ?? 0), orders: Number(orders.rows[0]?.n ?? 0) };
}
