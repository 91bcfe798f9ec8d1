import { INCOME_CHANGE, STAFF_FUNDS_MESSAGES, WITHDRAW_MESSAGES, WITHDRAW_STATE, yuanToFen, type Fen } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { AppError } from '../lib/errors.js';
import { receivingColumns } from '../lib/receiving-account.js';
import { iso } from '../lib/clock.js';
import type { PayPasswordGuard } from '../modules/agent/pay-password.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { once, type Claim } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { fenText, notify } from '../modules/notification/notification.queries.js';
import { checkWithdrawal, findCollectionAccount, fundsOf, ruleOf, toWithdrawalRecord, withdrawalRepo } from '../modules/funds/funds.queries.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';

export interface WithdrawInput {
  /** What leaves the total score, fee included (wire bondMoney). */
  amount: Fen;
  accountId: number;
  serviceCharge?: string | number | null;
  payPassword?: string | null;
  idempotencyKey: string;
}

const stateChanged = () => new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.stateChanged);

/**
 * Withdrawal (ADR 0017): submission moves the amount from the total score into the withdrawing amount in one
 * transaction (25 for what arrives, 221 for the fee, together the amount); staff pay it out (withdrawing −) or refuse
 * it (withdrawing −, total score + the amount, 18). Each step is a conditional update: never more out than in.
 */
export function createWithdrawFlow(deps: Deps, payPassword: PayPasswordGuard) {
  const { db, clock } = deps;
  const k = db.kysely;

  // ADR 0023: one withdrawal per key; the same key with another amount or account is refused.
  async function submit(platId: string, agentId: number, input: WithdrawInput) {
    const s = { platId, actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation: 'saveAgentWithdrawCashApply', input, at: iso(clock.now()) };
    return once(k, s, (claim) => submitOnce(platId, agentId, input, claim));
  }

  async function submitOnce(platId: string, agentId: number, input: WithdrawInput, claim: Claim) {
    const key = input.idempotencyKey;
    const [f, rule, account] = await Promise.all([fundsOf(k, agentId), withdrawalRepo.findRule(k, platId), findCollectionAccount(k, agentId, input.accountId)]);
    if (!account) throw new AppError('VALIDATION', WITHDRAW_MESSAGES.accountRequired);
    const fee = checkWithdrawal(ruleOf(rule), { isNeedBondStatus: f.is_need_bond_status, laveIncome: Number(f.lave_income) }, input.amount);
    if (input.serviceCharge !== undefined && input.serviceCharge !== null && input.serviceCharge !== '') {
      let shown: Fen | null = null;
      try {
        shown = yuanToFen(input.serviceCharge);
      } catch {
        shown = null;
      }
      if (shown !== fee) throw new AppError('VALIDATION', WITHDRAW_MESSAGES.feeChanged);
    }
    await payPassword.verify(agentId, input.payPassword ?? undefined);
    const at = iso(clock.now());
    const row = await k.transaction().execute(async (trx) => {
      await claim(trx);
      const w = await withdrawalRepo.insertWithdrawal(trx, {
        plat_id: platId,
        agent_id: agentId,
        amount: input.amount,
        fee,
        account_id: Number(account.id),
        ...receivingColumns(account),
        idempotency_key: key,
        created_at: at,
      });
      const base = { platId, agentId, orderCode: w.withdraw_code, at };
      const out = await moveBalance(trx, { ...base, account: 'totalScore', amount: -(input.amount - fee), changeState: INCOME_CHANGE.withdrawalExpense, remark: '提现' });
      if (out === null) throw new AppError('VALIDATION', WITHDRAW_MESSAGES.overBalance);
      if (fee > 0 && (await moveBalance(trx, { ...base, account: 'totalScore', amount: -fee, changeState: INCOME_CHANGE.fee, remark: '提现手续费' })) === null) {
        throw new AppError('VALIDATION', WITHDRAW_MESSAGES.overBalance);
      }
      await moveBalance(trx, { ...base, account: 'apply', amount: input.amount, changeState: INCOME_CHANGE.withdrawalExpense, remark: '提现中' });
      return w;
    });
    return { obj: toWithdrawalRecord(row) };
  }

  /**
   * Paid out (payoutReference) or refused (reason): compare-and-set on the application, audited; one effect.
   * `operation` names the staff call for the audit (reviewWithdrawal, or importPayoutResults for a bank file, ADR 0030).
   */
  async function review(actor: StaffActor, input: { id: number; approve: boolean; reason: string; payoutReference: string }, operation = 'reviewWithdrawal') {
    const w = await withdrawalRepo.findOfPlatform(k, actor.platId, input.id);
    if (!w) throw new AppError('RECORD_NOT_FOUND', STAFF_FUNDS_MESSAGES.withdrawalNotFound);
    if (w.check_state !== WITHDRAW_STATE.withdrawing) throw stateChanged();
    const at = iso(clock.now());
    const to = input.approve ? WITHDRAW_STATE.withdrawn : WITHDRAW_STATE.refused;
    await k.transaction().execute(async (trx: Trx) => {
      const moved = await withdrawalRepo.settle(trx, Number(w.id), to, { check_remark: input.reason, payout_reference: input.payoutReference, checked_at: at, checked_by: actor.staffId });
      if (!moved) throw stateChanged();
      const base = { platId: w.plat_id, agentId: Number(w.agent_id), orderCode: w.withdraw_code, at };
      const amount = Number(w.amount);
      const held = await moveBalance(trx, { ...base, account: 'apply', amount: -amount, changeState: input.approve ? INCOME_CHANGE.withdrawalExpense : INCOME_CHANGE.withdrawalFailed, remark: input.approve ? '提现已打款' : '提现驳回' });
      if (held === null) throw new Error(`withdrawal ${w.id}: withdrawing balance short`);
      if (!input.approve) await moveBalance(trx, { ...base, account: 'totalScore', amount, changeState: INCOME_CHANGE.withdrawalFailed, remark: `提现驳回：${input.reason}`.slice(0, 255) });
      await recordAudit(trx, {
        platId: actor.platId,
        staffId: actor.staffId,
        staffName: actor.staffName,
        role: actor.role,
        operation,
        targetKind: 'withdrawal',
        targetId: Number(w.id),
        agentId: Number(w.agent_id),
        amount,
        before: String(WITHDRAW_STATE.withdrawing),
        after: String(to),
        reason: input.reason,
        detail: input.approve ? `payoutReference=${input.payoutReference}` : '',
        ip: actor.ip,
        at,
      });
      // ADR 0037: the agent is told, in this transaction.
      await notify(trx, {
        platId: w.plat_id,
        agentId: Number(w.agent_id),
        key: `withdrawal:${w.id}:${input.approve ? 'paid' : 'rejected'}`,
        kind: 'withdrawal',
        title: input.approve ? '提现已打款' : '提现被驳回',
        body: input.approve
          ? `您的提现 ${fenText(amount)}（到账 ${fenText(amount - Number(w.fee))}）已打款，流水号 ${input.payoutReference}。`
          : `您的提现 ${fenText(amount)} 被驳回：${input.reason}。金额已退回总分余额。`,
        link: `/totalTxRecord?tab=${to}`,
        at,
        fields: { amount: fenText(amount), reference: input.payoutReference, reason: input.reason, orderCode: w.withdraw_code },
      });
    });
    return { obj: { id: Number(w.id), checkState: to }, msg: input.approve ? '已打款' : '已驳回' };
  }

  return { submit, review };
}
export type WithdrawFlow = ReturnType<typeof createWithdrawFlow>;
