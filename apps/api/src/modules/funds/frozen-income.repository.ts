import type { Executor } from '../../db/types.js';

/**
 * The agent's network income rows (the funds module's table, ADR 0017) for /total's 冻结金额 list, with
 * the lower agent's name and the order's receipt date (read like the release job reads them).
 * `history` false: frozen rows, soonest release first; true: released or voided, latest first.
 */
function base(db: Executor, agentId: number, history: boolean) {
  return db
    .selectFrom('network_incomes as n')
    .where('n.agent_id', '=', agentId)
    .where('n.state', history ? '<>' : '=', 0);
}

export async function countIncomes(db: Executor, agentId: number, history: boolean): Promise<number> {
  const r = await base(db, agentId, history).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function sumFrozen(db: Executor, agentId: number): Promise<number> {
  const r = await base(db, agentId, false).select((eb) => eb.fn.sum<number | string | null>('n.amount').as('s')).executeTakeFirst();
  return Number(r?.s ?? 0);
}

export function pageIncomes(db: Executor, agentId: number, history: boolean, limit: number, offset: number) {
  const q = base(db, agentId, history)
    .leftJoin('agents as a', 'a.id', 'n.from_agent_id')
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'n.source_id').on('n.source_kind', '=', 'order'))
    .select([
      'n.id',
      'n.plat_id',
      'n.source_kind',
      'n.source_code',
      'n.change_state',
      'n.amount',
      'n.state',
      'n.release_at',
      'n.created_at',
      'n.settled_at',
      'a.agent_name as from_agent_name',
      'o.receipt_date',
    ]);
  return (history ? q.orderBy('n.settled_at', 'desc').orderBy('n.id', 'desc') : q.orderBy('n.created_at', 'asc').orderBy('n.id', 'asc'))
    .limit(limit)
    .offset(offset)
    .execute();
}
export type FrozenIncomeRow = Awaited<ReturnType<typeof pageIncomes>>[number];
