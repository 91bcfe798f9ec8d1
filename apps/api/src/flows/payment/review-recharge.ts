import { INCOME_CHANGE, RECHARGE_PAY_TYPE as PAY, RECHARGE_STATE as S, REVIEW_MESSAGES as M, STORE_CHANGE } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as agents from '../../modules/agent/agent.queries.js';
import { settleDepositDue } from '../../modules/bond/bond.queries.js';
import { fenText, notify } from '../../modules/notification/notification.queries.js';
import { recordAudit } from '../../modules/audit/audit.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import { findWechatPayment, type WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { creditRecruitmentReward } from '../network-income.js';
import * as recharges from '../../modules/upgrade/upgrade.queries.js';
import { addApprovedRecharge } from '../../modules/performance/performance.queries.js';
import type { RechargeRow } from '../../modules/upgrade/upgrade.queries.js';
import type { StaffActor } from '../../modules/staff/staff.queries.js';

export interface Review {
  id: number;
  approve: boolean;
  reason: string;
}

const stateChanged = () => new AppError('VALIDATION', M.stateChanged);

/**
 * reviewRecharge (ADR 0017): approval credits the goods fund (12 first top-up / 13 upgrade), sets the new grade and, for
 * a first top-up, agentStatus 1 and the inviter's reward; rejection gives back what was taken (total score, 28) or
 * refunds the WeChat payment through the wing. One compare-and-set on the application decides: of parallel reviews
 * exactly one moves money; each write is audited in its transaction.
 */
export function createRechargeReview(deps: Deps, wechat: WechatLifecycle) {
  const k = deps.db.kysely;

  async function approve(trx: Trx, a: RechargeRow, at: string) {
    const agentId = Number(a.agent_id);
    await addApprovedRecharge(trx, a, at); // ADR 0045: the monthly performance rollup
    if (a.recharge_money > 0) {
      const changeState = a.grade_up_type === 1 ? STORE_CHANGE.recharge : STORE_CHANGE.upgradeTopUp;
      const m = { platId: a.plat_id, agentId, account: 'store' as const, amount: a.recharge_money, changeState, orderCode: a.recharge_code, remark: a.grade_up_type === 1 ? '首次充值' : '升级充值', at };
      if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${agentId} not found for the top-up credit`);
    }
    // ADR 0027: compare-and-set on the grade applied from; a grade changed meanwhile refuses the approval, nothing moves.
    if (!(await agents.setGrade(trx, agentId, Number(a.old_grade_id), Number(a.new_grade_id), a.grade_up_type === 1))) throw new AppError('VALIDATION', M.gradeChanged);
    // ADR 0026: the new grade's compliance deposit falls due when the deposit held is below its rule.
    // ADR 0043: a due raised tells the agent there (合规金待缴纳 with the amount).
    await settleDepositDue(trx, agentId, Number(a.new_grade_id), at);
    if (a.grade_up_type !== 1) return;
    // The inviter's recruitment reward (15), frozen like other network income (flows/network-income, F1's rules).
    const inviter = await agents.findProfileById(trx, agentId);
    const p = { platId: a.plat_id, newAgentId: agentId, inviterId: inviter?.up_id ? Number(inviter.up_id) : null, gradeId: Number(a.new_grade_id), rechargeId: Number(a.id), rechargeCode: a.recharge_code, at };
    await creditRecruitmentReward(trx, p);
  }

  /** Gives back what the application took; a WeChat payment's refund is recorded here and asked for after commit. */
  async function giveBack(trx: Trx, a: RechargeRow, reason: string, at: string): Promise<number | null> {
    if (a.pay_type === PAY.income) {
      const m = { platId: a.plat_id, agentId: Number(a.agent_id), account: 'totalScore' as const, amount: a.recharge_money, changeState: INCOME_CHANGE.upgradeTopUp, orderCode: a.recharge_code, remark: '充值申请驳回退回', at };
      if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${a.agent_id} not found for the give-back`);
    }
    if (a.pay_type === PAY.wechat && a.pay_serial) {
      const p = await findWechatPayment(trx, a.pay_serial);
      if (!p) throw new Error(`application ${a.id}: its WeChat payment ${a.pay_serial} is missing`);
      await wechat.refunds.recordIn(trx, p, `充值申请驳回：${reason}`.slice(0, 80), at);
      return Number(p.id);
    }
    return null;
  }

  return {
    async review(who: StaffActor, r: Review) {
      const a = await recharges.findRecharge(k, r.id);
      if (!a || a.plat_id !== who.platId) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (a.check_state !== S.pending) throw stateChanged();
      const at = iso(deps.clock.now());
      const to = r.approve ? S.approved : S.rejected;
      const refundOf = await k.transaction().execute(async (trx) => {
        const patch = { check_remark: r.approve ? '' : r.reason, checked_at: at, checked_by: who.staffId };
        if (!(await recharges.moveRecharge(trx, Number(a.id), S.pending, to, patch))) throw stateChanged();
        const paymentId = r.approve ? (await approve(trx, a, at), null) : await giveBack(trx, a, r.reason, at);
        await recordAudit(trx, {
          platId: who.platId,
          staffId: who.staffId,
          staffName: who.staffName,
          role: who.role,
          operation: 'reviewRecharge',
          targetKind: a.grade_up_type === 1 ? 'recharge' : 'upgrade',
          targetId: Number(a.id),
          agentId: Number(a.agent_id),
          amount: a.recharge_money,
          before: String(S.pending),
          after: String(to),
          reason: r.reason,
          detail: `${a.recharge_code} payType ${a.pay_type}`,
          ip: who.ip,
          at,
        });
        // ADR 0037: the agent is told, in this transaction.
        const what = a.grade_up_type === 1 ? '首充申请' : '升级申请';
        await notify(trx, {
          platId: a.plat_id,
          agentId: Number(a.agent_id),
          key: `recharge:${a.id}:${r.approve ? 'approved' : 'rejected'}`,
          kind: 'recharge',
          title: r.approve ? `${what}已通过` : `${what}被驳回`,
          body: r.approve ? `您的${what} ${fenText(a.recharge_money)}（${a.recharge_code}）已审核通过。` : `您的${what} ${fenText(a.recharge_money)}（${a.recharge_code}）被驳回：${r.reason}。已付款项将原路退回。`,
          link: '/investRecord',
          at,
          fields: { amount: fenText(a.recharge_money), reason: r.reason, orderCode: a.recharge_code },
        });
        return paymentId;
      });
      // Asked after the commit; if WeChat cannot be reached now, the reconcile job asks again (same out_refund_no).
      if (refundOf !== null) await wechat.refunds.askFor(refundOf).catch((err: unknown) => deps.log.warn({ applicationId: Number(a.id), err: String(err) }, 'wechatpay refund not asked yet'));
      return { id: Number(a.id), checkState: to };
    },
  };
}
export type RechargeReview = ReturnType<typeof createRechargeReview>;
