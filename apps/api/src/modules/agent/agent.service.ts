import type { UserInfo } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { hashPassword } from '../../lib/secrets.js';
import * as repo from './agent.repository.js';

export function toUserInfo(row: repo.AgentProfileRow): UserInfo {
  return {
    suId: row.id,
    suName: row.agent_name,
    suAccount: row.phone,
    suPhone: row.phone,
    platId: row.plat_id,
    agentId: row.id,
    agentType: row.agent_type,
    agentStatus: row.agent_status,
    isNeedBondStatus: row.is_need_bond_status,
    gradeId: Number(row.grade_id),
    gradeName: row.grade_name,
    agentName: row.agent_name,
    agentCode: row.agent_code,
    headImgUrl: row.head_img_url,
    apgId: row.up_id === null ? null : Number(row.up_id),
    apgCode: row.up_code,
    apgSysCode: row.up_code,
    apgName: row.up_id === null ? null : row.up_name,
    payPassword: !!row.pay_password_hash,
  };
}

interface Application {
  platId?: string;
  agentName: string;
  phone: string;
  gradeId: number;
  password: string;
  inviterPhone: string;
  openId?: string;
}

export function createAgentService({ db, clock }: Deps) {
  const k = db.kysely;

  /** Grades open for registration, in the order the setting lists them. */
  async function openGrades(platId: string) {
    const setting = await repo.findSetting(k, platId);
    const ids = (setting?.level_ids ?? '').split(',').map(Number).filter(Boolean);
    const grades = await repo.findGrades(k, platId);
    return { setting, grades: ids.map((id) => grades.find((g) => Number(g.id) === id)).filter((g) => !!g) };
  }

  async function activeInviter(platId: string, inviterPhone: string) {
    const inviter = await repo.findByPhone(k, platId, inviterPhone);
    if (!inviter || !inviter.is_active) throw new AppError('INVITER_NOT_FOUND');
    return inviter;
  }

  return {
    async agreement(platId: string) {
      const setting = await repo.findSetting(k, platId);
      return {
        agreementTitle: setting?.agreement_title ?? '',
        agreementContent: setting?.agreement_content ?? '',
        isEnable: setting?.is_enable ?? 0,
      };
    },

    async registrationSetting(platId: string, inviterPhone?: string) {
      const { setting, grades } = await openGrades(platId);
      const inviter = inviterPhone ? await repo.findByPhone(k, platId, inviterPhone) : undefined;
      return {
        levelIds: grades.map((g) => g.id).join(','),
        levelNames: grades.map((g) => g.grade_name).join(','),
        isEnable: setting?.is_enable ?? 0,
        invitationTitle: setting?.invitation_title ?? '邀请好友',
        invitationContent: setting?.invitation_content ?? '',
        isContainName: setting?.is_contain_name ?? 0,
        inviterName: inviter?.is_active ? inviter.agent_name : '',
      };
    },

    async inviter(platId: string, inviterPhone: string) {
      const inviter = await activeInviter(platId, inviterPhone);
      return { inviterName: inviter.agent_name, inviterPhone: inviter.phone };
    },

    /**
     * Creates the agent with agentStatus 0 (first top-up due) under the inviter, at an open grade. ADR 0035: the
     * admin's creation of an agent who joins offline goes through the same rules, with a one-time password to be
     * replaced at the first login and its own work (audit, SMS) inside the same transaction.
     */
    async register(platId: string, a: Application, opts: { mustChangePassword?: boolean; within?: (trx: Trx, agentId: number) => Promise<void> } = {}): Promise<number> {
      const { grades } = await openGrades(platId);
      const grade = grades.find((g) => Number(g.id) === a.gradeId);
      if (!grade) throw new AppError('GRADE_NOT_OPEN');
      const inviter = await activeInviter(platId, a.inviterPhone);
      if (await repo.findByPhone(k, platId, a.phone)) throw new AppError('PHONE_TAKEN');
      const passwordHash = await hashPassword(a.password);
      try {
        return await k.transaction().execute(async (trx) => {
          const agentId = await repo.insertAgent(trx, {
            plat_id: platId,
            phone: a.phone,
            agent_name: a.agentName,
            password_hash: passwordHash,
            pay_password_hash: null,
            grade_id: Number(grade.id),
            agent_type: 1,
            agent_status: 0,
            is_need_bond_status: 0,
            is_active: 1,
            inviter_id: inviter.id,
            head_img_url: '',
            open_id: a.openId || null,
            last_store: 0,
            lave_income: 0,
            lave_integral: 0,
            bond_money: 0,
            frozen_store: 0,
            created_at: iso(clock.now()),
            ...(opts.mustChangePassword ? { must_change_password: 1 } : {}),
          });
          await opts.within?.(trx, agentId);
          return agentId;
        });
      } catch (err) {
        // Two registrations of one phone at once: the unique index answers for the slower one.
        if (/unique|duplicate/i.test(String(err))) throw new AppError('PHONE_TAKEN');
        throw err;
      }
    },
  };
}
export type AgentService = ReturnType<typeof createAgentService>;
