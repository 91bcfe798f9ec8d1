import {
  ACCOUNT_NAMES,
  adjustmentDetail,
  fenToYuan,
  INCOME_CHANGE,
  maskPhone,
  POINTS_CHANGE,
  STAFF_AGENT_MESSAGES as M,
  STORE_CHANGE,
  type AdjustableAccount,
} from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { hashPassword, oneTimePassword } from '../lib/secrets.js';
import { once } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import * as agents from '../modules/agent/agent.queries.js';
import { settleDepositDue } from '../modules/bond/bond.queries.js';
import { findGrades } from '../modules/upgrade/upgrade.queries.js';
import type { SessionEnder } from '../modules/agent/passwords.service.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import { notify } from '../modules/notification/notification.queries.js';

/** spec 3 §9: manual add 11 / manual reduce 21, the same numbers in the three accounts' tables. */
const MANUAL = {
  store: { add: STORE_CHANGE.manualAdd, reduce: STORE_CHANGE.manualReduce },
  totalScore: { add: INCOME_CHANGE.manualAdd, reduce: INCOME_CHANGE.manualReduce },
  integral: { add: POINTS_CHANGE.manualAdd, reduce: POINTS_CHANGE.manualReduce },
} as const;
const TOO_LOW = { store: M.storeTooLow, totalScore: M.totalScoreTooLow, integral: M.integralTooLow } as const;

/** What a grade change did to the deposit due (ADR 0026), as the audit's detail. */
const DUE_DETAIL = { raised: '合规金：需缴纳（已缴低于等级标准）', cleared: '合规金：已缴足，无需再缴' } as const;

/** The SMS module's part in a staff reset: the one-time password goes to the agent's phone only (ADR 0024). */
export interface OneTimePasswordSender {
  sendOneTimePassword(phone: string, password: string): Promise<void>;
}

const text = (account: AdjustableAccount, units: number) => (account === 'integral' ? String(units) : fenToYuan(units));

/**
 * Staff writes on an agent (ADR 0020): each a compare-and-set on the agent's row and its audit record in one
 * transaction; ending sessions revokes them in the same transaction and drops the cached ones after the commit.
 */
export function createManageAgent({ db, clock }: Deps, sessions: SessionEnder, sms: OneTimePasswordSender) {
  const k = db.kysely;

  async function agentOf(trx: Trx, who: StaffActor, agentId: number) {
    const agent = await agents.agentOfPlatform(trx, who.platId, agentId);
    if (!agent) throw new AppError('RECORD_NOT_FOUND', M.agentNotFound);
    return agent;
  }
  const audit = (trx: Trx, who: StaffActor, operation: string, agentId: number, e: { amount?: number; before?: string; after?: string; reason: string; detail?: string }) =>
    recordAudit(trx, { ...who, operation, targetKind: 'agent', targetId: agentId, agentId, ...e, at: iso(clock.now()) });

  return {
    /** A manual add (units > 0) or reduce (units < 0); a reduce never takes the balance below zero. */
    async adjustBalance(who: StaffActor, input: { agentId: number; account: AdjustableAccount; units: number; reason: string; idempotencyKey: string }) {
      const { account, units } = input;
      const changeState = units > 0 ? MANUAL[account].add : MANUAL[account].reduce;
      // ADR 0023: one adjustment per key; a retry answers the first, the same key with another amount is refused.
      const sub = { platId: who.platId, actorKind: 'staff' as const, actorId: who.staffId, key: input.idempotencyKey, operation: 'adjustAgentBalance', input, at: iso(clock.now()) };
      return once(k, sub, (claim) => k.transaction().execute(async (trx) => {
        await claim(trx);
        await agentOf(trx, who, input.agentId);
        const after = await moveBalance(trx, {
          platId: who.platId,
          agentId: input.agentId,
          account,
          amount: units,
          changeState,
          orderCode: null,
          remark: input.reason.slice(0, 255),
          at: iso(clock.now()),
        });
        if (after === null) throw new AppError('VALIDATION', TOO_LOW[account]);
        const before = after - units;
        await audit(trx, who, 'adjustAgentBalance', input.agentId, {
          amount: units,
          before: text(account, before),
          after: text(account, after),
          reason: input.reason,
          detail: adjustmentDetail(account),
        });
        // ADR 0037: the agent is told what changed and why (keyed by the request: one adjustment, one message).
        const unit = account === 'integral' ? '积分' : '元';
        const name = ACCOUNT_NAMES[account];
        await notify(trx, {
          platId: who.platId,
          agentId: input.agentId,
          key: `adjustment:${who.staffId}:${input.idempotencyKey}`.slice(0, 120),
          kind: 'adjustment',
          title: units > 0 ? `${name}已增加` : `${name}已扣减`,
          body: `平台${units > 0 ? '增加' : '扣减'}了您的${name} ${text(account, Math.abs(units))}${unit}，原因：${input.reason}。当前余额 ${text(account, after)}${unit}。`,
          link: account === 'store' ? '/income' : account === 'totalScore' ? '/totalSzRecord' : '/points',
          at: iso(clock.now()),
          fields: { amount: `${units > 0 ? '+' : '-'}${text(account, Math.abs(units))}${unit}`, reason: input.reason },
        });
        return {
          obj: { agentId: input.agentId, account, changeState, amount: text(account, units), balanceBefore: text(account, before), balanceAfter: text(account, after) },
        };
      }));
    },

    /** Turns login off (ending every session at once) or back on. */
    async setLoginEnabled(who: StaffActor, input: { agentId: number; enabled: boolean; reason: string }) {
      await k.transaction().execute(async (trx) => {
        const agent = await agentOf(trx, who, input.agentId);
        const now = iso(clock.now());
        if (!(await agents.switchLogin(trx, input.agentId, input.enabled ? null : now))) {
          throw new AppError('VALIDATION', input.enabled ? M.alreadyEnabled : M.alreadyDisabled);
        }
        if (!input.enabled) await sessions.revokeAll(trx, input.agentId);
        await audit(trx, who, 'setAgentLoginEnabled', input.agentId, {
          before: agent.login_disabled_at ? '禁止登录' : '允许登录',
          after: input.enabled ? '允许登录' : '禁止登录',
          reason: input.reason,
        });
      });
      if (!input.enabled) sessions.forgetAgent(input.agentId);
      return { obj: { agentId: input.agentId, loginEnabled: input.enabled } };
    },

    async changeGrade(who: StaffActor, input: { agentId: number; gradeId: number; reason: string }) {
      return k.transaction().execute(async (trx) => {
        const agent = await agentOf(trx, who, input.agentId);
        const grade = await agents.gradeOfPlatform(trx, who.platId, input.gradeId);
        if (!grade) throw new AppError('RECORD_NOT_FOUND', M.gradeNotFound);
        const from = Number(agent.grade_id);
        if (from === input.gradeId) throw new AppError('VALIDATION', M.sameGrade);
        const old = await agents.gradeOfPlatform(trx, who.platId, from);
        if (!(await agents.moveGrade(trx, input.agentId, from, input.gradeId))) throw new AppError('VALIDATION', M.gradeChanged);
        // ADR 0026: the new grade's compliance deposit falls due when the deposit held is below its rule.
        // ADR 0043: a due raised tells the agent there (合规金待缴纳 with the amount).
        const due = await settleDepositDue(trx, input.agentId, input.gradeId, iso(clock.now()));
        await audit(trx, who, 'changeAgentGrade', input.agentId, {
          before: old?.grade_name ?? String(from),
          after: grade.grade_name,
          reason: input.reason,
          ...(due ? { detail: DUE_DETAIL[due] } : {}),
        });
        return { obj: { agentId: input.agentId, gradeId: input.gradeId, gradeName: grade.grade_name } };
      });
    },

    /** ADR 0026: finance waives the deposit due of an agent (1 → 0), with the reason and the amount waived audited. */
    async waiveBondDue(who: StaffActor, input: { agentId: number; reason: string }) {
      await k.transaction().execute(async (trx) => {
        const agent = await agentOf(trx, who, input.agentId);
        const [{ bond_money: held }, grades] = await Promise.all([agents.findBalances(trx, input.agentId), findGrades(trx, who.platId)]);
        const rule = grades.find((g) => Number(g.id) === Number(agent.grade_id))?.bond_money ?? 0;
        if (!(await agents.waiveDue(trx, input.agentId, iso(clock.now())))) throw new AppError('VALIDATION', M.bondNotDue);
        const due = Math.max(0, rule - held);
        await audit(trx, who, 'waiveAgentBondDue', input.agentId, {
          amount: due,
          before: `需缴纳合规金 ${fenToYuan(due)}`,
          after: '免缴合规金',
          reason: input.reason,
          detail: `等级标准 ${fenToYuan(rule)}，已缴 ${fenToYuan(held)}`,
        });
      });
      return { obj: { agentId: input.agentId, needBond: false } };
    },

    /**
     * ADR 0026: takes back an agent a full deposit refund took out (is_active 0 → 1); the deposit, now below the grade's
     * rule, falls due again, so buying waits for it.
     */
    async reactivate(who: StaffActor, input: { agentId: number; reason: string }) {
      return k.transaction().execute(async (trx) => {
        const agent = await agentOf(trx, who, input.agentId);
        if (!(await agents.reactivate(trx, input.agentId))) throw new AppError('VALIDATION', M.alreadyActive);
        await settleDepositDue(trx, input.agentId, Number(agent.grade_id), iso(clock.now()));
        const needBond = (await agents.findProfileById(trx, input.agentId))?.is_need_bond_status === 1;
        await audit(trx, who, 'reactivateAgent', input.agentId, {
          before: '已退保停用',
          after: '正常',
          reason: input.reason,
          detail: needBond ? '合规金：需缴纳后方可进货、提现和转款' : '合规金：无需缴纳',
        });
        return { obj: { agentId: input.agentId, isActive: true, needBond } };
      });
    },

    /**
     * ADR 0024: staff never choose nor see the password. A random one-time password is stored hashed with the
     * must-change flag, every session ends, and the password goes by SMS to the agent's own phone; the audit and the
     * answer say that it happened and where it went (masked), never the password. The SMS is sent inside the
     * transaction: a refusal by the provider undoes the reset, so the agent keeps a password they know.
     */
    async resetPassword(who: StaffActor, input: { agentId: number; reason: string }) {
      const password = oneTimePassword();
      const hash = await hashPassword(password);
      const phone = await k.transaction().execute(async (trx) => {
        const agent = await agentOf(trx, who, input.agentId);
        await agents.setPasswordHash(trx, input.agentId, hash, true);
        await sessions.revokeAll(trx, input.agentId);
        await audit(trx, who, 'resetAgentPassword', input.agentId, {
          reason: input.reason,
          detail: `一次性登录密码已短信发送至 ${maskPhone(agent.phone)}，会话已全部结束，登录后须设置新密码`,
        });
        await sms.sendOneTimePassword(agent.phone, password);
        return agent.phone;
      });
      sessions.forgetAgent(input.agentId);
      return { obj: { agentId: input.agentId, phone: maskPhone(phone) } };
    },
  };
}
export type ManageAgent = ReturnType<typeof createManageAgent>;
