import { adjustmentDetail, chinaTimeText, fenToYuan } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { DAY, HOUR } from '../../lib/clock.js';
import { agentNamesOf } from '../agent/agent.queries.js';
import { countAudit, pageAudit, staffInAudit } from './audit-search.repository.js';

type Page = { pageSize: number; pageNum: number };
export interface AuditSearch {
  phonePage: Page;
  operation?: string | null;
  staffId?: number | null;
  targetKind?: string | null;
  targetId?: number | null;
  /** 'YYYY-MM-DD', China time; both days included. */
  from?: string | null;
  to?: string | null;
}

/** Midnight of a China-time day, in UTC ISO text. */
const chinaMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) - 8 * HOUR + plusDays * DAY).toISOString();

type Row = Awaited<ReturnType<typeof pageAudit>>[number];
/** Points for a points adjustment (its detail names the account), else money in fen; '' when nothing moved. */
function amountText(r: Row): string {
  const amount = Number(r.amount);
  if (!amount) return '';
  if (r.operation === 'adjustAgentBalance' && r.detail === adjustmentDetail('integral')) return `${amount} 积分`;
  return `${amount < 0 ? '-' : ''}¥${fenToYuan(Math.abs(amount))}`;
}

/** The audit trail's screen (ADR 0020): the platform's records, newest first. */
export function createAuditService({ db }: Deps) {
  const k = db.kysely;
  return {
    async staff(platId: string) {
      const rows = await staffInAudit(k, platId);
      return { objs: rows.map((r) => ({ staffId: Number(r.staff_id), staffName: r.staff_name })) };
    },

    async search(platId: string, input: AuditSearch) {
      const f = {
        operation: input.operation || null,
        staffId: input.staffId ?? null,
        targetKind: input.targetKind || null,
        targetId: input.targetId ?? null,
        fromUtc: input.from ? chinaMidnight(input.from) : null,
        beforeUtc: input.to ? chinaMidnight(input.to, 1) : null,
      };
      const page = input.phonePage;
      const total = await countAudit(k, platId, f);
      const rows = total ? await pageAudit(k, platId, f, page.pageSize, (page.pageNum - 1) * page.pageSize) : [];
      const agentIds = [...new Set(rows.flatMap((r) => (r.agent_id === null ? [] : [Number(r.agent_id)])))];
      const names = await agentNamesOf(k, platId, agentIds);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          staffId: Number(r.staff_id),
          staffName: r.staff_name,
          role: r.role,
          operation: r.operation,
          targetKind: r.target_kind,
          targetId: Number(r.target_id),
          agentId: r.agent_id === null ? null : Number(r.agent_id),
          agentName: r.agent_id === null ? '' : (names.get(Number(r.agent_id)) ?? ''),
          amount: Number(r.amount),
          amountText: amountText(r),
          before: r.before_state,
          after: r.after_state,
          reason: r.reason,
          detail: r.detail,
          ip: r.ip,
          createdAt: chinaTimeText(r.created_at),
        })),
        obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, total },
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
