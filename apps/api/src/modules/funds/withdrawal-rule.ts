import { chinaTimeText, WITHDRAW_MESSAGES, withdrawalFee, withdrawalRefusal, type Fen } from '@shop/contract';
import { AppError } from '../../lib/errors.js';
import { receivingOf } from '../../lib/receiving-account.js';
import type { WithdrawalRow } from './withdrawal.repository.js';

/** The platform's withdrawal rule; without one, withdrawal is closed (isCanTs 1). */
export function ruleOf(
  row: { is_all_withdraw: number; min_withdraw_money: number; base_money: number; service_charge_ppm: number; is_can_ts: number; ts_msg: string } | undefined,
) {
  const r = row ?? { is_all_withdraw: 1, min_withdraw_money: 0, base_money: 0, service_charge_ppm: 0, is_can_ts: 1, ts_msg: '' };
  return {
    isAllWithdraw: r.is_all_withdraw,
    min: Number(r.min_withdraw_money),
    base: Number(r.base_money),
    ppm: r.service_charge_ppm,
    isCanTs: r.is_can_ts,
    tsMsg: r.ts_msg || (r.is_can_ts === 1 ? WITHDRAW_MESSAGES.closed : ''),
    wire: {
      isAllWithdraw: r.is_all_withdraw,
      minWithdrawMoney: Number(r.min_withdraw_money),
      baseMoney: Number(r.base_money),
      serviceChargeRatio: r.service_charge_ppm / 1_000_000,
    },
  };
}
export type WithdrawRule = ReturnType<typeof ruleOf>;

/**
 * spec 3 §5 Withdrawal, in the order the screen checks them: the deposit block, withdrawal open, whole balance when
 * isAllWithdraw is 0, the minimum, multiples of baseMoney, the balance. Answers the fee.
 */
export function checkWithdrawal(rule: WithdrawRule, agent: { isNeedBondStatus: number; laveIncome: Fen }, amount: Fen): Fen {
  if (agent.isNeedBondStatus === 1) throw new AppError('VALIDATION', WITHDRAW_MESSAGES.bondDue);
  if (rule.isCanTs === 1) throw new AppError('VALIDATION', rule.tsMsg || WITHDRAW_MESSAGES.closed);
  const refusal = withdrawalRefusal(rule, agent.laveIncome, amount);
  if (refusal) throw new AppError('VALIDATION', refusal);
  return withdrawalFee(amount, rule.ppm);
}

export function toWithdrawalRecord(w: WithdrawalRow) {
  return {
    id: Number(w.id),
    withdrawCode: w.withdraw_code,
    bondMoney: Number(w.amount),
    serviceCharge: Number(w.fee),
    factBondMoney: Number(w.amount) - Number(w.fee),
    ...receivingOf(w),
    checkState: w.check_state,
    checkRemark: w.check_remark,
    createDate: chinaTimeText(w.created_at),
    checkDate: w.checked_at ? chinaTimeText(w.checked_at) : null,
  };
}
