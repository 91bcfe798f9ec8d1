import type { Trx } from '../../db/types.js';
import * as agents from '../agent/agent.queries.js';

export type DueChange = 'raised' | 'cleared' | null;

/**
 * ADR 0026: when the agent's grade is set (a first top-up or an upgrade approved, a staff grade change), the compliance
 * deposit falls due if the deposit held is below the grade's rule amount, and a due the deposit already covers is
 * lifted. Runs in the caller's transaction, after the grade is written; each side is one compare-and-set.
 */
export async function settleDepositDue(trx: Trx, agentId: number, gradeId: number): Promise<DueChange> {
  if (await agents.raiseDueIfBelowRule(trx, agentId, gradeId)) return 'raised';
  if (await agents.clearDueIfCovered(trx, agentId, gradeId)) return 'cleared';
  return null;
}
