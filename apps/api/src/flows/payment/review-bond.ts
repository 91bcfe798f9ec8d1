import { BOND_CHANGE, BOND_PAY_TYPE as PAY, BOND_RETURN_TYPE, BOND_STATE as S, INCOME_CHANGE, REVIEW_MESSAGES as M } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as agents from '../../modules/agent/agent.queries.js';
import type { SessionEnder } from '../../modules/agent/passwords.service.js';
import { fenText, notify } from '../../modules/notification/notification.queries.js';
import { recordAudit } from '../../modules/audit/audit.queries.js';
import * as bonds from '../../modules/bond/bond.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import { findWechatPayment, type WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { findGrades } from '../../modules/upgrade/upgrade.queries.js';
import type { StaffActor } from '../../modules/staff/staff.queries.js';
import type { Review } from './review-recharge.js';

const stateChanged = () => new AppError('VALIDATION', M.stateChanged);

/** The deposit rule amount (grades.bond_money) of the grade the agent holds now. */
async function ruleAmountOf(trx: Trx, agentId: number): Promise<number> {
  const agent = await agents.findProfileById(trx, agentId);
  if (!agent) throw new Error(`agent ${agentId} not found`);
  const grade = (await findGrades(trx, agent.plat_id)).find((g) => Number(g.id) === Number(agent.grade_id));
  return Number(grade?.bond_money ?? 0);
}

/**
 * reviewBondPayment and reviewBondReturn (ADR 0017), each decided by one compare-and-set on the reviewed row, money moved
 * and the audit record written in the same transaction. Approving a payment credits the deposit and opens buying
 * (isNeedBondStatus 0); rejecting gives back what was taken or refunds the WeChat payment. Approving a refund pays it
 * out of the deposit; a refund of all of it also takes the agent out of the network (ADR 0026: deactivated, sessions
 * ended, login refused with '您已退保 系统自动退出'); rejecting leaves the deposit as it was.
 */
export function createBondReview(deps: Deps, wechat: WechatLifecycle, sessions: SessionEnder) {
  const k = deps.db.kysely;

  function audit(trx: Trx, who: StaffActor, op: string, kind: string, id: number, agentId: number, amount: number, to: number, reason: string, detail: string, at: string) {
    return recordAudit(trx, { platId: who.platId, staffId: who.staffId, staffName: who.staffName, role: who.role, operation: op, targetKind: kind, targetId: id, agentId, amount, before: String(S.pending), after: String(to), reason, detail, ip: who.ip, at });
  }

  return {
    async reviewPayment(who: StaffActor, r: Review) {
      const b = await bonds.findBondPay(k, r.id);
      if (!b || b.plat_id !== who.platId) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (b.check_state !== S.pending) throw stateChanged();
      const at = iso(deps.clock.now());
      const to = r.approve ? S.passed : S.rejected;
      const agentId = Number(b.agent_id);
      const base = { platId: b.plat_id, agentId, orderCode: b.bond_code, at };
      const refundOf = await k.transaction().execute(async (trx) => {
        const patch = { check_remark: r.approve ? '' : r.reason, checked_at: at, checked_by: who.staffId };
        if (!(await bonds.moveBondPay(trx, Number(b.id), S.pending, to, patch))) throw stateChanged();
        let paymentId: number | null = null;
        if (r.approve) {
          if ((await moveBalance(trx, { ...base, account: 'bond', amount: b.bond_money, changeState: BOND_CHANGE.paid, remark: '缴纳合规金' })) === null) throw new Error(`agent ${agentId} not found`);
          await agents.setNeedBond(trx, agentId, 0);
        } else if (b.pay_type === PAY.income) {
          const m = { ...base, account: 'totalScore' as const, amount: b.bond_money, changeState: INCOME_CHANGE.complianceDeposit, remark: '合规金驳回退回' };
          if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${agentId} not found`);
        } else if (b.pay_type === PAY.wechat && b.pay_serial) {
          const p = await findWechatPayment(trx, b.pay_serial);
          if (!p) throw new Error(`bond ${b.id}: its WeChat payment ${b.pay_serial} is missing`);
          await wechat.refunds.recordIn(trx, p, `合规金驳回：${r.reason}`.slice(0, 80), at);
          paymentId = Number(p.id);
        }
        await audit(trx, who, 'reviewBondPayment', 'bond', Number(b.id), agentId, b.bond_money, to, r.reason, `${b.bond_code} payType ${b.pay_type}`, at);
        // ADR 0037: the agent is told, in this transaction.
        await notify(trx, {
          platId: b.plat_id,
          agentId,
          key: `bond:${b.id}:${r.approve ? 'approved' : 'rejected'}`,
          kind: 'bond',
          title: r.approve ? '合规金缴纳已通过' : '合规金缴纳被驳回',
          body: r.approve ? `您缴纳的合规金 ${fenText(b.bond_money)}（${b.bond_code}）已审核通过。` : `您缴纳的合规金 ${fenText(b.bond_money)}（${b.bond_code}）被驳回：${r.reason}。已付款项将原路退回。`,
          link: '/complianceDetail',
          at,
          fields: { amount: fenText(b.bond_money), reason: r.reason, orderCode: b.bond_code },
        });
        return paymentId;
      });
      if (refundOf !== null) await wechat.refunds.askFor(refundOf).catch((err: unknown) => deps.log.warn({ bondId: Number(b.id), err: String(err) }, 'wechatpay refund not asked yet'));
      return { id: Number(b.id), checkState: to };
    },

    async reviewReturn(who: StaffActor, r: Review & { payoutReference: string }) {
      const b = await bonds.findBondReturn(k, r.id);
      if (!b || b.plat_id !== who.platId) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (b.check_state !== S.pending) throw stateChanged();
      const at = iso(deps.clock.now());
      const to = r.approve ? S.passed : S.rejected;
      const agentId = Number(b.agent_id);
      const leaves = r.approve && b.bond_return_type === BOND_RETURN_TYPE.all;
      await k.transaction().execute(async (trx) => {
        const patch = { check_remark: r.approve ? '' : r.reason, checked_at: at, checked_by: who.staffId, payout_reference: r.approve ? r.payoutReference : '' };
        if (!(await bonds.moveBondReturn(trx, Number(b.id), S.pending, to, patch))) throw stateChanged();
        if (r.approve) {
          const m = { platId: b.plat_id, agentId, account: 'bond' as const, amount: -b.return_bond_money, changeState: BOND_CHANGE.refunded, orderCode: b.bond_return_code, remark: '合规金退还', at };
          const left = await moveBalance(trx, m);
          if (left === null) throw new AppError('VALIDATION', '合规金余额不足，无法退还');
          // ADR 0027: the excess is re-checked at approval against the grade held now (the move above locked the agent row).
          if (b.bond_return_type === BOND_RETURN_TYPE.excess && left < (await ruleAmountOf(trx, agentId))) throw new AppError('VALIDATION', M.excessChanged);
          if (leaves) {
            // spec 1 §4 '您已退保 系统自动退出': all of the deposit back means the agent leaves (ADR 0026); the deposit falls
            // due by the grade's rule first, so a reactivation finds it owed.
            const agent = await agents.findProfileById(trx, agentId);
            if (agent) await bonds.settleDepositDue(trx, agentId, Number(agent.grade_id), at);
            await agents.deactivate(trx, agentId, at);
            await sessions.revokeAll(trx, agentId);
          }
        }
        const detail = `${b.bond_return_code} payout ${r.payoutReference}${leaves ? '，已退保停用' : ''}`;
        await audit(trx, who, 'reviewBondReturn', 'bondReturn', Number(b.id), agentId, b.return_bond_money, to, r.reason, detail, at);
        await notify(trx, {
          platId: b.plat_id,
          agentId,
          key: `bond-return:${b.id}:${r.approve ? 'approved' : 'rejected'}`,
          kind: 'bond',
          title: r.approve ? '合规金退还已打款' : '合规金退还被驳回',
          body: r.approve
            ? `您申请退还的合规金 ${fenText(b.return_bond_money)}（${b.bond_return_code}）已打款，流水号 ${r.payoutReference}。${leaves ? '您已退保，账号已停用。' : ''}`
            : `您申请退还的合规金 ${fenText(b.return_bond_money)}（${b.bond_return_code}）被驳回：${r.reason}。`,
          link: '/complianceDetail',
          at,
          fields: { amount: fenText(b.return_bond_money), reference: r.payoutReference, reason: r.reason, orderCode: b.bond_return_code },
        });
      });
      if (leaves) sessions.forgetAgent(agentId);
      return { id: Number(b.id), checkState: to };
    },
  };
}
export type BondReview = ReturnType<typeof createBondReview>;
