import type { Deps } from '../../deps.js';
import { pageOf, toWithdrawalRecord, withdrawalRepo } from '../funds/funds.queries.js';
import { findStaffById } from './staff.repository.js';

export interface FundsActor {
  platId: string;
  staffId: number;
  role: string;
  ip: string;
}

/** Staff reads of the withdrawal queue, and who is acting (ADR 0017). */
export function createStaffFunds({ db }: Deps) {
  const k = db.kysely;
  return {
    /** The staff member's username and role as the audit records them. */
    async actor(a: FundsActor) {
      const staff = await findStaffById(k, a.staffId);
      return { ...a, staffName: staff?.username ?? String(a.staffId) };
    },

    async pendingWithdrawals(platId: string, page: { pageSize: number; pageNum: number }) {
      const total = await withdrawalRepo.countPending(k, platId);
      const rows = await withdrawalRepo.pagePending(k, platId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((r) => ({ ...toWithdrawalRecord(r), agentId: Number(r.agent_id), agentName: r.agent_name, agentPhone: r.phone, agentCode: r.agent_code })),
        obj: { phonePage: pageOf(page, total), total },
      };
    },
  };
}
export type StaffFunds = ReturnType<typeof createStaffFunds>;
