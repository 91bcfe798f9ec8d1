import { sql } from 'kysely';
import { accountOfStored, storedAccount } from '../../db/tables/ledger.js';
import type { Executor } from '../../db/types.js';

/**
 * Reads of the ledger's change records across agents and accounts (ADR 0031): the platform ledger
 * (资金流水), the statement, the liabilities check and the reports' sums. The ledger writes `agents` balances in
 * `moveBalance`; it reads the agent's name and phone beside each record here. Nothing here writes.
 */

export interface LedgerFilter {
  platId: string;
  /** Agent name or phone, part of it. */
  keyword?: string | null;
  account?: string | null;
  /** (account, code) pairs of a change name; an empty list matches nothing. */
  codes?: readonly { account: string; code: number }[] | null;
  /** UTC bounds: from inclusive, before exclusive. */
  fromUtc?: string | null;
  beforeUtc?: string | null;
  orderCode?: string | null;
  agentId?: number | null;
  accounts?: readonly string[] | null;
}

// The agents' table joins only where a name or phone is asked for (ADR 0041): every record has its agent, and the
// count of five million records without the join takes a third of the time.
function filtered(db: Executor, f: LedgerFilter) {
  let q = db.selectFrom('account_changes as c').where('c.plat_id', '=', f.platId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where('c.agent_id', 'in', (eb) =>
      eb
        .selectFrom('agents as m')
        .select('m.id')
        .where('m.plat_id', '=', f.platId)
        .where((w) => w.or([w('m.phone', 'like', sql<string>`${like} escape '\\'`), w('m.agent_name', 'like', sql<string>`${like} escape '\\'`)])),
    );
  }
  if (f.account) q = q.where('c.account', '=', storedAccount(f.account));
  if (f.accounts) q = q.where('c.account', 'in', f.accounts.length ? f.accounts.map(storedAccount) : ['-']);
  if (f.codes) {
    const pairs = f.codes;
    q = q.where((eb) => (pairs.length ? eb.or(pairs.map((p) => eb.and([eb('c.account', '=', storedAccount(p.account)), eb('c.change_state', '=', p.code)]))) : sql<boolean>`1 = 0`));
  }
  if (f.fromUtc) q = q.where('c.created_at', '>=', f.fromUtc);
  if (f.beforeUtc) q = q.where('c.created_at', '<', f.beforeUtc);
  if (f.orderCode) q = q.where('c.order_code', '=', f.orderCode);
  if (f.agentId) q = q.where('c.agent_id', '=', f.agentId);
  return q;
}

/**
 * ADR 0048: how many records match, counting at most `cap` + 1 of them (a subquery with a limit), so the console's
 * first page of five million records does not count them all: more than `cap` answers `cap + 1`.
 */
export async function countLedgerUpTo(db: Executor, f: LedgerFilter, cap: number): Promise<number> {
  const r = await db
    .selectFrom(filtered(db, f).select('c.id').limit(cap + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countLedger(db: Executor, f: LedgerFilter): Promise<number> {
  const r = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Newest first (the 资金流水 screen and its export); oldest first for a statement. */
export function pageLedger(db: Executor, f: LedgerFilter, limit: number, offset: number, order: 'desc' | 'asc' = 'desc') {
  return filtered(db, f)
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .select(['c.id', 'c.agent_id', 'a.agent_name', 'a.phone', 'c.account', 'c.amount', 'c.balance_after', 'c.change_state', 'c.order_code', 'c.remark', 'c.created_at'])
    .orderBy('c.created_at', order)
    .orderBy('c.id', order)
    .limit(limit)
    .offset(offset)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, account: accountOfStored(r.account) })));
}

/** Sum of the matching records per account (and per agent when `byAgent`). */
export async function sumLedger(db: Executor, f: LedgerFilter) {
  const rows = await filtered(db, f)
    .select(['c.account', (eb) => eb.fn.sum<number>('c.amount').as('total')])
    .groupBy('c.account')
    .execute();
  return new Map(rows.map((r) => [accountOfStored(r.account), Number(r.total ?? 0)]));
}

/** Sum of the matching records per agent and account. */
export function sumLedgerByAgent(db: Executor, f: LedgerFilter) {
  return filtered(db, f)
    .select(['c.agent_id', 'c.account', 'c.change_state', (eb) => eb.fn.sum<number>('c.amount').as('total'), sql<number>`sum(case when c.amount > 0 then c.amount else 0 end)`.as('plus'), sql<number>`sum(case when c.amount < 0 then c.amount else 0 end)`.as('minus')])
    .groupBy(['c.agent_id', 'c.account', 'c.change_state'])
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, account: accountOfStored(r.account) })));
}

/** The balances every agent of the platform holds now, by account column (the liabilities). */
export function agentBalances(db: Executor, platId: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'agent_name', 'phone', 'agent_code', 'last_store', 'lave_income', 'frozen_store', 'apply_income', 'bond_money', 'frozen_award', 'lave_integral'])
    .where('plat_id', '=', platId)
    .execute();
}

export function agentOfPlatform(db: Executor, platId: string, agentId: number) {
  return db.selectFrom('agents').select(['id', 'agent_name', 'phone', 'agent_code']).where('plat_id', '=', platId).where('id', '=', agentId).executeTakeFirst();
}

/** Records of the chosen accounts in a UTC window (the cash report's deposit line), oldest first. */
export function recordsBetween(db: Executor, platId: string, accounts: readonly string[], fromUtc: string, beforeUtc: string) {
  return db
    .selectFrom('account_changes')
    .select(['account', 'amount', 'change_state', 'created_at'])
    .where('plat_id', '=', platId)
    .where('account', 'in', accounts.map(storedAccount))
    .where('created_at', '>=', fromUtc)
    .where('created_at', '<', beforeUtc)
    .orderBy('created_at')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, account: accountOfStored(r.account) })));
}
