import {
  adjustmentDetail,
  fenToYuan,
  INCOME_CHANGE,
  POINTS_CHANGE,
  STAFF_AGENT_MESSAGES as M,
  STORE_CHANGE,
  type AdjustableAccount,
} from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { hashPassword } from '../lib/secrets.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import * as agents from '../modules/agent/agent.queries.js';
import type { SessionEnder } from '../modules/agent/passwords.service.js';

/** The staff member acting, as the audit records them. */
export interface StaffActor {
  platId: string;
  staffId: number;
  staffName: string;
  role: string;
  ip: string;
}

/** spec 3 §9: manual add 11 / manual reduce 21, the same numbers in the three accounts' tables. */
const MANUAL = {
  store: { add: STORE_CHANGE.manualAdd, reduce: STORE_CHANGE.manualReduce },
  income: { add: INCOME_CHANGE.manualAdd, reduce: INCOME_CHANGE.manualReduce },
  integral: { add: POINTS_CHANGE.manualAdd, reduce: POINTS_CHANGE.manualReduce },
} as const;
const TOO_LOW = { store: M.storeTooLow, income: M.incomeTooLow, integral: M.integralTooLow } as const;

const text = (account: AdjustableAccount, units: number) => (account === 'integral' ? String(units) : fenToYuan(units));

/**
 * Staff writes on an agent (issue 11 item 7): each a compare-and-set on the agent's row and its audit record in one
 * transaction; ending sessions revokes them in the same transaction and drops the cached ones after the commit.
 */
export function createManageAgent({ db, clock }: Deps, sessions: SessionEnder) {
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
    async adjustBalance(who: StaffActor, input: { agentId: number; account: AdjustableAccount; units: number; reason: string }) {
      const { account, units } = input;
      const changeState = units > 0 ? MANUAL[account].add : MANUAL[account].reduce;
      return k.transaction().execute(async (trx) => {
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
        return {
          obj: { agentId: input.agentId, account, changeState, amount: text(account, units), balanceBefore: text(account, before), balanceAfter: text(account, after) },
        };
      });
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
        await audit(trx, who, 'changeAgentGrade', input.agentId, {
          before: old?.grade_name ?? String(from),
          after: grade.grade_name,
          reason: input.reason,
        });
        return { obj: { agentId: input.agentId, gradeId: input.gradeId, gradeName: grade.grade_name } };
      });
    },

    /** Sets a new login password and ends every session; the audit says that it happened, never the password. */
    async resetPassword(who: StaffActor, input: { agentId: number; password: string; reason: string }) {
      const hash = await hashPassword(input.password);
      await k.transaction().execute(async (trx) => {
        await agentOf(trx, who, input.agentId);
        await agents.setPasswordHash(trx, input.agentId, hash);
        await sessions.revokeAll(trx, input.agentId);
        await audit(trx, who, 'resetAgentPassword', input.agentId, { reason: input.reason, detail: '登录密码已重置，会话已全部结束' });
      });
      sessions.forgetAgent(input.agentId);
      return { obj: { agentId: input.agentId } };
    },
  };
}
export type ManageAgent = ReturnType<typeof createManageAgent>;
