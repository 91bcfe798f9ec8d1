import type { Trx } from '../../db/types.js';
import * as agents from '../agent/agent.queries.js';
import { fenText, notify } from '../notification/notification.queries.js';

export type DueChange = 'raised' | 'cleared' | null;

export const DUE_TITLE = '合规金待缴纳';

/**
 * ADR 0026: when the agent's grade is set (a first top-up or an upgrade approved, a staff grade change), the compliance
 * deposit falls due if the deposit held is below the grade's rule amount, and a due the deposit already covers is
 * lifted. Runs in the caller's transaction, after the grade is written; each side is one compare-and-set.
 * ADR 0043: a due raised tells the agent in the same transaction (合规金待缴纳, the amount due, a link to /compliance),
 * keyed by the due episode, so a replay or a second path to the same raise stays one message.
 */
export async function settleDepositDue(trx: Trx, agentId: number, gradeId: number, at: string): Promise<DueChange> {
  if (await agents.raiseDueIfBelowRule(trx, agentId, gradeId)) {
    const s = await agents.dueStanding(trx, agentId, gradeId);
    if (s) {
      const due = Math.max(0, Number(s.rule) - Number(s.bond_money));
      await notify(trx, {
        platId: s.plat_id,
        agentId,
        key: `bond-due:${agentId}:${s.bond_due_episode}`,
        kind: 'bondDue',
        title: DUE_TITLE,
        body: `您的等级（${s.grade_name}）需缴纳合规金 ${fenText(due)}（标准 ${fenText(Number(s.rule))}，已缴 ${fenText(Number(s.bond_money))}），缴纳前暂不能进货、提现和转款，请在"合规金"页面缴纳。`,
        link: '/compliance',
        at,
        fields: { amount: fenText(due) },
      });
    }
    return 'raised';
  }
  if (await agents.clearDueIfCovered(trx, agentId, gradeId)) return 'cleared';
  return null;
}
