import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { formInOrder, idempotencyKeyIn, idIn, int, mobile } from './validation.js';
import { withdrawalRecord } from './funds.js';

/**
 * Staff operations on the agents' funds (ADR 0017): withdrawals and freezing part of a goods fund. Roles in the
 * server's one permission table (ADR 0020); every write is audited.
 */

export const STAFF_FUNDS_MESSAGES = {
  withdrawalNotFound: '提现申请不存在',
  stateChanged: '提现申请状态已变化，请刷新后重试',
  approveRequired: '请选择审核结果',
  reasonRequired: '请输入驳回原因',
  reasonTooLong: '驳回原因不能超过200个字',
  payoutRequired: '请输入打款流水号',
  payoutTooLong: '打款流水号不能超过64位',
  agentNotFound: '代理商不存在',
  frozenMoneyRequired: '请输入冻结金额',
  frozenMoneyInvalid: '请输入正确的冻结金额',
  overBalance: '货款余额不足',
  releaseDateRequired: '请选择解冻日期',
  releaseDateInvalid: '解冻日期格式有误',
  releaseDatePast: '解冻日期须晚于今天',
  remarkTooLong: '备注不能超过200个字',
} as const;

const isApproval = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';
const decision = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')], {
    error: STAFF_FUNDS_MESSAGES.approveRequired,
  }),
  z.transform((v) => isApproval(v)),
);
const text = (max: number, message: string) =>
  z.pipe(z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, message)))), z.transform((v) => v ?? ''));
const blank = (v: unknown) => !(typeof v === 'string' && v.trim());

export const pendingWithdrawal = z.extend(withdrawalRecord, {
  agentId: int(),
  agentName: z.string(),
  agentPhone: z.string(),
  agentCode: z.string(),
});

/** Withdrawals still withdrawing (checkState 0), oldest first. */
export const selectPendingWithdrawals = defineOp({
  name: 'selectPendingWithdrawals',
  path: '/api/staff/selectPendingWithdrawals.do',
  auth: 'staff',
  input: z.object({ phonePage: phonePageIn }),
  output: staffListOut(pendingWithdrawal),
});

/** Approve = paid out (payoutReference required); reject = amount and fee given back (reason required). */
export const reviewWithdrawal = defineOp({
  name: 'reviewWithdrawal',
  path: '/api/staff/reviewWithdrawal.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      id: idIn(STAFF_FUNDS_MESSAGES.withdrawalNotFound),
      approve: decision,
      reason: text(200, STAFF_FUNDS_MESSAGES.reasonTooLong),
      payoutReference: text(64, STAFF_FUNDS_MESSAGES.payoutTooLong),
    }),
    {
      reason: (v) => (!isApproval(v.approve) && blank(v.reason) ? STAFF_FUNDS_MESSAGES.reasonRequired : null),
      payoutReference: (v) => (isApproval(v.approve) && blank(v.payoutReference) ? STAFF_FUNDS_MESSAGES.payoutRequired : null),
    },
  ),
  output: z.object({ obj: z.object({ id: int(), checkState: int() }) }),
  successMsg: '审核成功',
});

/** Freezes part of an agent's goods fund until releaseDate ('YYYY-MM-DD', China time, thawable from that day on). */
export const freezeStore = defineOp({
  name: 'freezeStore',
  path: '/api/staff/freezeStore.do',
  auth: 'staff',
  input: formInOrder(
    z.object({
      agentPhone: mobile('请输入代理商手机号'),
      frozenMoney: z.pipe(
        z.union([z.string(), z.number()], { error: STAFF_FUNDS_MESSAGES.frozenMoneyRequired }),
        z.pipe(yuanAmount(STAFF_FUNDS_MESSAGES.frozenMoneyInvalid), z.number().check(z.positive(STAFF_FUNDS_MESSAGES.frozenMoneyInvalid))),
      ),
      releaseDate: z.string({ error: STAFF_FUNDS_MESSAGES.releaseDateRequired }).check(
        z.trim(),
        z.minLength(1, STAFF_FUNDS_MESSAGES.releaseDateRequired),
        z.regex(/^\d{4}-\d{2}-\d{2}$/, STAFF_FUNDS_MESSAGES.releaseDateInvalid),
      ),
      remark: text(200, STAFF_FUNDS_MESSAGES.remarkTooLong),
      idempotencyKey: idempotencyKeyIn(),
    }),
  ),
  output: z.object({ obj: z.object({ id: int(), agentId: int(), frozenMoney: yuanOut, releaseDate: z.string(), lastStore: yuanOut, frozenStore: yuanOut }) }),
  successMsg: '冻结成功',
});
