import ExcelJS from 'exceljs';
import {
  adjustmentDetail,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_LOG_MESSAGES,
  auditOperationName,
  auditTargetKindName,
  chinaTimeText,
  fenToYuan,
  readableAudit,
  STAFF_ROLE_NAMES,
  type StaffRole,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/types.js';
import { chinaMidnight } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { agentNamesOf } from '../agent/agent.queries.js';
import { countAudit, pageAudit, staffInAudit, type AuditFilters } from './audit-search.repository.js';
import { staffDisplayNames, targetLabels } from './audit-targets.repository.js';

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


type Row = Awaited<ReturnType<typeof pageAudit>>[number];
/** Points for a points adjustment (its detail names the account), else money in fen; '' when nothing moved. */
function amountText(r: Row): string {
  const amount = Number(r.amount);
  if (!amount) return '';
  if (r.operation === 'adjustAgentBalance' && r.detail === adjustmentDetail('integral')) return `${amount} 积分`;
  return `${amount < 0 ? '-' : ''}¥${fenToYuan(Math.abs(amount))}`;
}

/** The rows of a page as a person reads them (ADR 0033): agent, staff and target names, states and details in words. */
async function readableRows(db: Executor, platId: string, rows: Row[]) {
  const agentIds = [...new Set(rows.flatMap((r) => (r.agent_id === null ? [] : [Number(r.agent_id)])))];
  const names = await agentNamesOf(db, platId, agentIds);
  const staffNames = await staffDisplayNames(db, platId, rows.map((r) => Number(r.staff_id)));
  // Older records carry no label: their targets are looked up now, kind by kind.
  const missing = new Map<string, number[]>();
  for (const r of rows) if (!r.target_label) missing.set(r.target_kind, [...(missing.get(r.target_kind) ?? []), Number(r.target_id)]);
  const labels = new Map<string, Map<number, string>>();
  for (const [kind, ids] of missing) labels.set(kind, await targetLabels(db, platId, kind, ids));
  return rows.map((r) => {
    const targetKindName = auditTargetKindName(r.target_kind);
    const label = r.target_label || labels.get(r.target_kind)?.get(Number(r.target_id)) || `${targetKindName} ${Number(r.target_id)}`;
    return {
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
      operationName: auditOperationName(r.operation),
      targetKindName,
      targetLabel: label,
      staffDisplayName: staffNames.get(Number(r.staff_id)) || r.staff_name,
      ...readableAudit({ operation: r.operation, before: r.before_state, after: r.after_state, detail: r.detail }),
    };
  });
}

const toFilters = (input: Omit<AuditSearch, 'phonePage'>): AuditFilters => ({
  operation: input.operation || null,
  staffId: input.staffId ?? null,
  targetKind: input.targetKind || null,
  targetId: input.targetId ?? null,
  fromUtc: input.from ? chinaMidnight(input.from) : null,
  beforeUtc: input.to ? chinaMidnight(input.to, 1) : null,
});

const EXPORT_COLUMNS: { header: string; key: string; width: number }[] = [
  { header: '时间', key: 'createdAt', width: 20 },
  { header: '操作人', key: 'staff', width: 18 },
  { header: '角色', key: 'role', width: 8 },
  { header: '操作', key: 'operationName', width: 16 },
  { header: '对象类型', key: 'targetKindName', width: 12 },
  { header: '对象', key: 'targetLabel', width: 26 },
  { header: '代理商', key: 'agentName', width: 12 },
  { header: '数额', key: 'amountText', width: 12 },
  { header: '变更前', key: 'beforeText', width: 16 },
  { header: '变更后', key: 'afterText', width: 16 },
  { header: '原因', key: 'reason', width: 24 },
  { header: '明细', key: 'fields', width: 50 },
  { header: 'IP', key: 'ip', width: 16 },
];

/** The audit trail's screen (ADR 0020) and its export (ADR 0033): the platform's records, newest first. */
export function createAuditService({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    async staff(platId: string) {
      const rows = await staffInAudit(k, platId);
      return { objs: rows.map((r) => ({ staffId: Number(r.staff_id), staffName: r.staff_name })) };
    },

    async search(platId: string, input: AuditSearch) {
      const f = toFilters(input);
      const page = input.phonePage;
      const total = await countAudit(k, platId, f);
      const rows = total ? await pageAudit(k, platId, f, page.pageSize, (page.pageNum - 1) * page.pageSize) : [];
      return {
        objs: await readableRows(k, platId, rows),
        obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, total },
      };
    },

    /** The filtered trail as an XLSX workbook (at most AUDIT_EXPORT_MAX_ROWS rows), the same words as the screen. */
    async exportXlsx(platId: string, input: Omit<AuditSearch, 'phonePage'>) {
      const f = toFilters(input);
      const total = await countAudit(k, platId, f);
      if (total > AUDIT_EXPORT_MAX_ROWS) throw new AppError('VALIDATION', AUDIT_LOG_MESSAGES.exportTooMany);
      const rows = await readableRows(k, platId, total ? await pageAudit(k, platId, f, AUDIT_EXPORT_MAX_ROWS, 0) : []);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('操作日志');
      sheet.columns = EXPORT_COLUMNS;
      sheet.getRow(1).font = { bold: true };
      for (const r of rows) {
        sheet.addRow({
          ...r,
          staff: r.staffDisplayName === r.staffName ? r.staffName : `${r.staffDisplayName}（${r.staffName}）`,
          role: STAFF_ROLE_NAMES[r.role as StaffRole] ?? r.role,
          fields: r.fields.map((x) => `${x.label}：${x.value}`).join('；'),
        });
      }
      const data = Buffer.from(await book.xlsx.writeBuffer());
      const stamp = chinaTimeText(clock.now()).replace(/[-: ]/g, '').slice(0, 14);
      return { obj: { fileName: `操作日志-${stamp}.xlsx`, base64: data.toString('base64'), rows: rows.length } };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
