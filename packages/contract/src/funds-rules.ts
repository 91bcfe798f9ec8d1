import * as z from 'zod/mini';
import { fenToYuan, yuanToFen, type Fen } from './money.js';
import { intIn } from './validation.js';

/**
 * Rules of the total score and the goods fund that the form and the server share (spec 3 §5 Withdrawal, Transfer;
 * ADR 0017). Amounts are fen inside.
 */

/** spec 3 §5: integer or up to 2 decimals, at most 11 characters, not zero. */
const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/;

/** An amount typed by the agent: required, the pattern, max length 11, not zero; answers fen. */
export function amountIn(m: { required: string; pattern: string; zero: string }) {
  const text = z.pipe(
    z.union([z.string(), z.number()], { error: m.required }),
    z.transform((v) => (typeof v === 'number' ? String(v) : v.trim())),
  );
  return z.pipe(
    text.check(
      z.refine((v) => v.length > 0, m.required),
      z.refine((v) => v.length === 0 || (v.length <= 11 && AMOUNT_TEXT.test(v)), m.pattern),
      z.refine((v) => !AMOUNT_TEXT.test(v) || v.length > 11 || Number(v) !== 0, m.zero),
    ),
    z.transform((v) => yuanToFen(v.replace(/^0+(?=\d)/, ''))),
  );
}

export const WITHDRAW_MESSAGES = {
  amountRequired: '提现金额不能为空',
  amountPattern: '请输入正确的提现金额，整数或保留2位小数',
  amountZero: '提现金额不能为0',
  accountRequired: '请选择收款账号',
  bondDue: '请缴纳合规金后提现',
  closed: '未开启提现',
  tooLow: (minYuan: string) => `提现金额不能低于${minYuan}元`,
  notMultiple: (baseYuan: string) => `提现金额须为${baseYuan}的整数倍`,
  wholeBalance: '请提现全部余额',
  overBalance: '您的总分余额不足',
  feeChanged: '手续费已变化，请刷新后重试',
  stateChanged: '提现申请状态已变化，请刷新后重试',
} as const;

export const TRANSFER_MESSAGES = {
  phoneRequired: '请输入接收人手机号',
  amountRequired: '请输入转出金额',
  amountPattern: '请输入正确的转出金额，整数或保留2位小数',
  amountZero: '转出金额不能为0',
  typeRequired: '请选择转款方式',
  remarkTooLong: '备注不能超过200个字',
  bondDue: '请缴纳合规金后转款',
  notFound: '代理商不存在',
  self: '不能转款给自己',
  recipientChanged: '接收人信息已变化，请重新确认',
  overBalance: '您的总分余额不足',
} as const;

/**
 * spec 3 §5 Withdrawal: an amount (fen) against the platform's rule and the total-score balance, in the order the
 * server refuses them; answers the refusal, or null when the amount may be withdrawn. The form checks it as the agent
 * types, the server again on submit (the deposit block and withdrawal-closed come before it on both).
 */
export function withdrawalRefusal(rule: { isAllWithdraw: number; min: Fen; base: Fen }, balance: Fen, amount: Fen): string | null {
  if (amount > balance) return WITHDRAW_MESSAGES.overBalance;
  if (rule.isAllWithdraw === 0 && amount !== balance) return WITHDRAW_MESSAGES.wholeBalance;
  if (amount < rule.min) return WITHDRAW_MESSAGES.tooLow(fenToYuan(rule.min));
  if (rule.isAllWithdraw !== 0 && rule.base > 0 && amount % rule.base !== 0) return WITHDRAW_MESSAGES.notMultiple(fenToYuan(rule.base));
  return null;
}

/** spec 3 §5 Transfer: an amount (fen) against the sender's total-score balance; the form and the server share it. */
export const transferRefusal = (balance: Fen, amount: Fen): string | null => (amount > balance ? TRANSFER_MESSAGES.overBalance : null);

/** The only transfer method (spec 3 §5 Transfer): to the recipient's total score. */
export const TRANSFER_TYPE = { toTotalScore: 1 } as const;
export const TRANSFER_TYPE_NAME = { 1: '转入总分' } as const;

/** serviceChargeRatio travels as a fraction (0.006); the server keeps it as parts per million (6000). */
export const ratioToPpm = (ratio: number) => Math.round(ratio * 1_000_000);

/**
 * spec 3 §5: fee = amount × serviceChargeRatio rounded to the fen (half up); 0 when the product is below one fen or
 * the ratio is 0. The fee is part of the amount: what arrives is amount − fee.
 */
export function withdrawalFee(amount: Fen, ratioPpm: number): Fen {
  if (amount <= 0 || ratioPpm <= 0) return 0;
  const millionths = amount * ratioPpm; // fen × 1e-6
  if (millionths < 1_000_000) return 0;
  return Math.floor((millionths + 500_000) / 1_000_000);
}

/** Review states of a withdrawal (spec 3 §4): 0 withdrawing, 1 withdrawn, 2 expired (refused). */
export const WITHDRAW_STATE = { withdrawing: 0, withdrawn: 1, refused: 2 } as const;

/** Frozen goods-fund record (spec 3 §3 frozenState): 0 frozen, 1 thawed. */
export const FROZEN_STATE = { frozen: 0, thawed: 1 } as const;

/** Network income (ADR 0017): 0 frozen, 1 released into the total score, 2 voided (the order closed first). */
export const INCOME_STATE = { frozen: 0, released: 1, voided: 2 } as const;

/**
 * Change codes of the balances this area adds (spec 3 §9 lists only the goods fund and the total score). The goods
 * fund shows any code it does not list as "frozen": 24 is the part moved into a frozen record.
 */
export const FUNDS_CHANGE = {
  /** goods fund → frozen record (store −, frozen +). */
  storeFrozen: 24,
} as const;

/** A record-list filter: 1 income, 2 expense, anything else (or nothing) all. */
export const changeTypeIn = z.optional(z.nullable(intIn()));
