import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { idIn, int } from './validation.js';
import { STAFF_AGENT_MESSAGES as M } from './staff-agents.js';

/** The audit trail (ADR 0033): who did what to which record; the rows, the staff filter and the filters' names. */

const optionalId = z.optional(z.nullable(idIn()));
const day = z.optional(z.nullable(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, M.dateInvalid))));

export const auditRow = z.object({
  id: int(),
  staffId: int(),
  staffName: z.string(),
  role: z.string(),
  operation: z.string(),
  targetKind: z.string(),
  targetId: int(),
  agentId: z.nullable(int()),
  agentName: z.string(),
  /** As recorded: fen for money, points for a points adjustment (see `amountText`). */
  amount: int(),
  /** The amount as a person reads it: '¥12.34', '50 积分' or '' when none. */
  amountText: z.string(),
  before: z.string(),
  after: z.string(),
  reason: z.string(),
  detail: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  // ADR 0033: the row as a person reads it (audit-log.ts names the operations, kinds and states)
  operationName: z.string(),
  targetKindName: z.string(),
  /** The target by its code: order number, withdrawal code, agent code, the member's account, a product's name. */
  targetLabel: z.string(),
  /** Who acted, by display name (the account name when the member is gone). */
  staffDisplayName: z.string(),
  beforeText: z.string(),
  afterText: z.string(),
  /** The detail as labelled fields, never raw JSON; a structured record's changes as 「旧 → 新」 per field. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});

/** The audit trail, newest first; dates 'YYYY-MM-DD' in China time, both days included. Read-only. */
export const selectAuditLog = defineOp({
  name: 'selectAuditLog',
  path: '/api/staff/selectAuditLog.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    operation: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64)))),
    staffId: optionalId,
    targetKind: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32)))),
    targetId: optionalId,
    from: day,
    to: day,
  }),
  output: staffListOut(auditRow),
});

/** The staff members who appear in the platform's audit trail (its staff filter), by name. */
export const selectAuditStaff = defineOp({
  name: 'selectAuditStaff',
  path: '/api/staff/selectAuditStaff.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(z.object({ staffId: int(), staffName: z.string() })) }),
});

/** What audit records act on (targetKind), for the trail's filter. */
export const AUDIT_TARGET_NAMES: Readonly<Record<string, string>> = {
  agent: '代理商',
  order: '订单',
  wechatPayment: '微信支付',
  reconcileDiff: '对账差异',
  withdrawal: '提现',
  recharge: '首充',
  upgrade: '升级',
  bond: '保证金缴纳',
  bondReturn: '保证金退还',
  frozen_record: '冻结货款',
  staff: '员工',
};

/** The names of the operations the audit trail records, for its filter (others show their operation name). */
export const AUDITED_OPERATION_NAMES: Readonly<Record<string, string>> = {
  resolveReconcileDiff: '处理对账差异',
  adjustAgentBalance: '调整余额',
  setAgentLoginEnabled: '禁用/启用登录',
  changeAgentGrade: '修改等级',
  resetAgentPassword: '重置登录密码',
  waiveAgentBondDue: '免缴合规金',
  reactivateAgent: '恢复代理商',
  reviewOfflinePayment: '线下支付审核',
  shipOrder: '发货',
  shipOrdersBatch: '批量发货',
  closeOrderByStaff: '关闭订单',
  refundWechatPayment: '微信退款',
  reviewRecharge: '首充与升级审核',
  reviewBondPayment: '保证金缴纳审核',
  reviewBondReturn: '保证金退还审核',
  reviewWithdrawal: '提现审核',
  importPayoutResults: '导入银行打款结果',
  freezeStore: '冻结货款',
  saveStaff: '员工管理',
  correctWaybill: '更正运单',
  markOrderNotShipped: '标记未发货',
  changeOrderAddress: '修改收货地址',
  editAgentProfile: '修改代理商资料',
  changeAgentInviter: '修改邀请人',
  createAgentByStaff: '新建代理商',
};
