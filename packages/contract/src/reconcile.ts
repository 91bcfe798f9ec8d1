import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { idIn, int, intIn } from './validation.js';

/** Reconciliation with WeChat Pay's bills (ADR 0032): the 对账差异 queue and its resolutions. */
export const RECONCILE_KINDS = ['paid_not_credited', 'credited_not_at_wechat', 'amount_differs', 'refund_differs'] as const;
export type ReconcileKindName = (typeof RECONCILE_KINDS)[number];
export const RECONCILE_KIND_TEXT: Record<ReconcileKindName, string> = {
  paid_not_credited: '微信已收款，我方未入账',
  credited_not_at_wechat: '我方已入账，微信无此收款',
  amount_differs: '金额不一致',
  refund_differs: '退款不一致',
};
export const RECONCILE_ACTIONS = ['credit', 'refund', 'explain'] as const;
export type ReconcileAction = (typeof RECONCILE_ACTIONS)[number];
export const RECONCILE_RESOLUTION_TEXT: Record<string, string> = { credited: '已查询入账', refunded: '已退款', explained: '已说明' };
/** A difference's state: 0 waiting for staff, 1 handled. */
export const RECONCILE_STATE = { pending: 0, handled: 1 } as const;
export type ReconcileState = (typeof RECONCILE_STATE)[keyof typeof RECONCILE_STATE];
export const RECONCILE_STATE_TEXT: Record<number, string> = { [RECONCILE_STATE.pending]: '待处理', [RECONCILE_STATE.handled]: '已处理' };

export const RECONCILE_MESSAGES = {
  dateInvalid: '请选择正确的账单日期',
  dateNotPast: '只能对账昨天及以前的账单，请选择更早的日期',
  kindInvalid: '请选择正确的差异类型',
  actionInvalid: '请选择处理方式',
  reasonRequired: '请填写处理说明',
  reasonTooLong: '处理说明不能超过80个字',
  notFound: '这条对账差异不存在，请刷新列表',
  done: '这条差异已被处理，请刷新列表查看结果',
  billNotReady: '微信账单尚未生成（通常次日10点后可下载），请稍后再试',
  wechatUnavailable: '暂时无法连接微信支付，请稍后重试',
  noPayment: '我方没有这笔支付记录，无法在这里入账或退款；请在微信支付商户平台核实处理后标记已说明',
  notPaidAtWechat: (state: string) => `微信显示这笔支付未成功（状态：${state}），不能入账；请核实后标记已说明`,
  amountMismatch: '微信金额与我方记录不一致，不能入账；请退款或核实后标记已说明',
  creditNotApplicable: '退款差异不能入账；请核实后退款或标记已说明',
} as const;

const billDateIn = () => z.string({ error: RECONCILE_MESSAGES.dateInvalid }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, RECONCILE_MESSAGES.dateInvalid));

export const reconcileDiffRow = z.object({
  id: int(),
  billDate: z.string(),
  kind: z.string(),
  kindText: z.string(),
  outTradeNo: z.string(),
  outRefundNo: z.string(),
  transactionId: z.string(),
  paymentId: z.nullable(int()),
  /** The payment's subject: what it paid for ('订单 DD…', '首充/升级', '保证金'), '' when we have no payment. */
  subject: z.string(),
  agentName: z.string(),
  agentPhone: z.string(),
  wechatAmount: z.nullable(yuanOut),
  ourAmount: z.nullable(yuanOut),
  detail: z.string(),
  state: int(),
  stateText: z.string(),
  resolution: z.string(),
  resolutionText: z.string(),
  reason: z.string(),
  resolvedBy: z.string(),
  resolvedDate: z.nullable(z.string()),
  createDate: z.string(),
});
export type ReconcileDiffItem = z.output<typeof reconcileDiffRow>;

/** The 对账差异 queue, newest day first; state 0 待处理 / 1 已处理. */
export const selectReconcileDiffs = defineOp({
  name: 'selectReconcileDiffs',
  path: '/api/staff/selectReconcileDiffs.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    state: z.optional(intIn(RECONCILE_MESSAGES.kindInvalid, z.minimum(0), z.maximum(1))),
    kind: z.optional(z.union([z.enum(RECONCILE_KINDS), z.literal('')], { error: RECONCILE_MESSAGES.kindInvalid })),
    billDate: z.optional(z.union([billDateIn(), z.literal('')])),
  }),
  output: staffListOut(reconcileDiffRow),
});

/** Downloads and matches the bills of a chosen China day now (the daily job does yesterday by itself). */
export const runReconcile = defineOp({
  name: 'runReconcile',
  path: '/api/staff/runReconcile.do',
  auth: 'staff',
  input: z.object({ billDate: billDateIn() }),
  output: z.object({ obj: z.object({ billDate: z.string(), tradeRows: int(), refundRows: int(), added: int() }) }),
  successMsg: '对账完成',
});

/**
 * Resolves one difference, once: credit (查询微信并入账: WeChat is asked, a paid payment is credited through the
 * lifecycle), refund (退款 through the payment wing), explain (标记已说明, with a reason). Refund and explain need
 * a reason.
 */
export const resolveReconcileDiff = defineOp({
  name: 'resolveReconcileDiff',
  path: '/api/staff/resolveReconcileDiff.do',
  auth: 'staff',
  input: z.object({
    id: idIn(RECONCILE_MESSAGES.notFound),
    action: z.enum(RECONCILE_ACTIONS, { error: RECONCILE_MESSAGES.actionInvalid }),
    reason: z._default(z.string({ error: RECONCILE_MESSAGES.reasonRequired }).check(z.trim(), z.maxLength(80, RECONCILE_MESSAGES.reasonTooLong)), ''),
  }),
  output: z.object({ obj: z.object({ id: int(), state: int(), resolution: z.string(), resolutionText: z.string() }) }),
  successMsg: '已处理',
});
