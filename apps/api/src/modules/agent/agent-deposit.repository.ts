import type { Dialect } from '../../db/connect.js';
import type { Executor, Trx } from '../../db/types.js';

/**
 * The agent row's deposit standing (ADR 0026): whether the compliance deposit is due (is_need_bond_status), a finance
 * waiver, and the deactivation a full refund brings. Every write is a compare-and-set in the caller's transaction.
 */

/** The grade's rule amount (fen) as a subquery: the comparison happens in the same statement as the write. */
const ruleOf = (db: Executor, gradeId: number) => db.selectFrom('grades').select('bond_money').where('id', '=', gradeId);

/**
 * Raises the due when the agent, active and holding `gradeId`, holds less deposit than that grade's rule and nothing
 * is due yet; a waiver given before is spent. False when any of it does not hold.
 */
export async function raiseDueIfBelowRule(trx: Trx, id: number, gradeId: number): Promise<boolean> {
  const r = await trx
    .updateTable('agents')
    // ADR 0043: each raise is a new due episode (the event key of the message telling the agent).
    .set((eb) => ({ is_need_bond_status: 1, bond_waived_at: null, bond_due_episode: eb('bond_due_episode', '+', 1) }))
    .where('id', '=', id)
    .where('grade_id', '=', gradeId)
    .where('agent_status', '=', 1)
    .where('is_active', '=', 1)
    .where('is_need_bond_status', '=', 0)
    .where('bond_money', '<', ruleOf(trx, gradeId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Lifts a due the deposit held already covers (a grade whose rule is at most the deposit). */
export async function clearDueIfCovered(trx: Trx, id: number, gradeId: number): Promise<boolean> {
  const r = await trx
    .updateTable('agents')
    .set({ is_need_bond_status: 0 })
    .where('id', '=', id)
    .where('grade_id', '=', gradeId)
    .where('is_need_bond_status', '=', 1)
    .where('bond_money', '>=', ruleOf(trx, gradeId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Finance waives the due (1 → 0) at `at`: false when nothing was due. */
export async function waiveDue(trx: Trx, id: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('agents')
    .set({ is_need_bond_status: 0, bond_waived_at: at })
    .where('id', '=', id)
    .where('is_need_bond_status', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A full refund takes the agent out of the network (is_active 1 → 0): false when already out. */
export async function deactivate(trx: Trx, id: number, at: string): Promise<boolean> {
  const r = await trx.updateTable('agents').set({ is_active: 0, deactivated_at: at }).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Staff take the agent back (is_active 0 → 1): false when not out. */
export async function reactivate(trx: Trx, id: number): Promise<boolean> {
  const r = await trx.updateTable('agents').set({ is_active: 1, deactivated_at: null }).where('id', '=', id).where('is_active', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Serialises the deposit submissions of one agent (a payment against a refund): PostgreSQL locks the agent's row to
 * the end of the transaction; SQLite runs one write transaction at a time. Answers the row as it is under the lock.
 */
export function lockDepositStanding(trx: Trx, dialect: Dialect, id: number) {
  const q = trx.selectFrom('agents').select(['id', 'grade_id', 'agent_status', 'is_active', 'is_need_bond_status', 'bond_money']).where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

/** What the message of a due just raised says (ADR 0043): the platform, the deposit held, the rule, the episode. */
export function dueStanding(trx: Trx, id: number, gradeId: number) {
  return trx
    .selectFrom('agents as a')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .select(['a.plat_id', 'a.bond_money', 'a.bond_due_episode', 'g.bond_money as rule', 'g.grade_name'])
    .where('a.id', '=', id)
    .where('a.grade_id', '=', gradeId)
    .executeTakeFirst();
}
