import { CORRECTION_MESSAGES as M, maskPhone } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';
import { oneTimePassword } from '../lib/secrets.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { agentCorrections as repo, findLookupByPhone } from '../modules/agent/agent.queries.js';
import type { AgentService } from '../modules/agent/agent.service.js';
import type { SessionEnder } from '../modules/agent/passwords.service.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import type { OneTimePasswordSender } from './manage-agent.js';

const profileText = (p: { agent_name: string; wx_number: string; phone: string }) => `姓名 ${p.agent_name}；微信号 ${p.wx_number || '（无）'}；手机 ${p.phone}`;

/**
 * Staff corrections of an agent (ADR 0035): the service desk's profile edit, the admin's inviter change
 * and the admin's creation of an agent who joins offline. Each write is a compare-and-set with its audit record in one
 * transaction; a phone change ends the agent's sessions in it and drops the cached ones after the commit.
 */
export function createAgentCorrections({ db, clock }: Deps, registration: Pick<AgentService, 'register'>, sessions: SessionEnder, sms: OneTimePasswordSender) {
  const k = db.kysely;
  const audit = (trx: Trx, who: StaffActor, operation: string, agentId: number, e: { before?: string; after?: string; reason: string; detail?: string }) =>
    recordAudit(trx, { ...who, operation, targetKind: 'agent', targetId: agentId, agentId, ...e, at: iso(clock.now()) });

  async function target(who: StaffActor, agentId: number) {
    const agent = await repo.correctionTarget(k, who.platId, agentId);
    if (!agent) throw new AppError('RECORD_NOT_FOUND', M.agentNotFound);
    return agent;
  }

  return {
    /** Name, WeChat number, phone. A phone of another agent is refused without naming them; a new phone ends the sessions. */
    async editProfile(who: StaffActor, input: { agentId: number; agentName: string; wxNumber: string; phone: string; reason: string }) {
      const agent = await target(who, input.agentId);
      const from = { agent_name: agent.agent_name, wx_number: agent.wx_number, phone: agent.phone };
      const to = { agent_name: input.agentName, wx_number: input.wxNumber, phone: input.phone };
      if (from.agent_name === to.agent_name && from.wx_number === to.wx_number && from.phone === to.phone) throw new AppError('VALIDATION', M.profileSame);
      const phoneChanged = from.phone !== to.phone;
      if (phoneChanged && (await repo.phoneUsedByOther(k, who.platId, to.phone, input.agentId))) throw new AppError('VALIDATION', M.phoneTaken);
      try {
        await k.transaction().execute(async (trx) => {
          if (!(await repo.updateProfile(trx, input.agentId, from, to))) throw new AppError('VALIDATION', M.profileChanged);
          if (phoneChanged) await sessions.revokeAll(trx, input.agentId);
          await audit(trx, who, 'editAgentProfile', input.agentId, {
            before: profileText(from),
            after: profileText(to),
            reason: input.reason,
            ...(phoneChanged ? { detail: '手机号（登录账号）已更换，代理商的登录会话已全部结束，须用新手机号登录' } : {}),
          });
        });
      } catch (err) {
        // Two agents given the same phone at once: the unique index (plat_id, phone) refuses the slower one.
        if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.phoneTaken);
        throw err;
      }
      if (phoneChanged) sessions.forgetAgent(input.agentId);
      return { obj: { agentId: input.agentId, agentName: to.agent_name, wxNumber: to.wx_number, phone: to.phone, sessionsEnded: phoneChanged } };
    },

    /**
     * ADR 0035: the new inviter must be active, not the agent, and not in the agent's downline (its chain upward must
     * not reach the agent). Changes of one platform take turns, so two at once cannot close a loop together. Income
     * already accrued stays with its earners; the next paid order walks the new chain.
     */
    async changeInviter(who: StaffActor, input: { agentId: number; inviterPhone: string; reason: string }) {
      const agent = await target(who, input.agentId);
      const inviter = await findLookupByPhone(k, who.platId, input.inviterPhone);
      if (!inviter || !inviter.is_active) throw new AppError('VALIDATION', M.inviterNotFound);
      const inviterId = Number(inviter.id);
      if (inviterId === input.agentId) throw new AppError('VALIDATION', M.inviterSelf);
      if (agent.inviter_id !== null && Number(agent.inviter_id) === inviterId) throw new AppError('VALIDATION', M.inviterSame);
      const before = agent.inviter_id === null ? null : await repo.correctionTarget(k, who.platId, Number(agent.inviter_id));
      await k.transaction().execute(async (trx) => {
        await repo.lockNetwork(trx, db.dialect, who.platId);
        // Read under the lock: what another change committed a moment ago counts.
        if ((await repo.ancestorsOf(trx, inviterId)).includes(input.agentId)) throw new AppError('VALIDATION', M.inviterCycle);
        const from = agent.inviter_id === null ? null : Number(agent.inviter_id);
        if (!(await repo.setInviter(trx, input.agentId, from, inviterId))) throw new AppError('VALIDATION', M.inviterChanged);
        await audit(trx, who, 'changeAgentInviter', input.agentId, {
          before: before ? `${before.agent_name} ${before.phone}` : '（无邀请人）',
          after: `${inviter.agent_name} ${inviter.phone}`,
          reason: input.reason,
          detail: '自修改时起的新订单按新邀请关系计算收益，已产生的收益不变（ADR 0035）',
        });
      });
      return { obj: { agentId: input.agentId, inviterId, inviterName: inviter.agent_name } };
    },

    /**
     * An agent who joins offline (ADR 0035), through the registration rules: an open grade, an active inviter, a
     * free phone; agentStatus 0, so the grade's first top-up and then its deposit fall due as for a registration. A
     * one-time password goes by SMS inside the transaction (a provider refusal creates nothing); the first login must
     * replace it (ADR 0024). Staff never see it.
     */
    async createAgent(who: StaffActor, input: { agentName: string; phone: string; gradeId: number; inviterPhone: string }) {
      const password = oneTimePassword();
      const agentId = await registration.register(
        who.platId,
        { agentName: input.agentName, phone: input.phone, gradeId: input.gradeId, password, inviterPhone: input.inviterPhone },
        {
          mustChangePassword: true,
          within: async (trx, id) => {
            await audit(trx, who, 'createAgentByStaff', id, {
              before: '',
              after: `${input.agentName} ${input.phone}`,
              reason: '线下加入，由后台新建',
              detail: `邀请人手机 ${input.inviterPhone}；一次性登录密码已短信发送至 ${maskPhone(input.phone)}，首次登录须设置新密码`,
            });
            await sms.sendOneTimePassword(input.phone, password);
          },
        },
      );
      const created = await repo.correctionTarget(k, who.platId, agentId);
      return { obj: { agentId, agentCode: created?.agent_code ?? '', phone: maskPhone(input.phone) } };
    },
  };
}
export type AgentCorrections = ReturnType<typeof createAgentCorrections>;
