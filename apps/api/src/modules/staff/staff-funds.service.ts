import type { Deps } from '../../deps.js';
import { pageOf, toWithdrawalRecord, withdrawalRepo } from '../funds/funds.queries.js';

/** Staff reads of the withdrawal queue (ADR 0017). */
export function createStaffFunds({ db }: Deps) {
  const k = db.kysely;
  return {
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
