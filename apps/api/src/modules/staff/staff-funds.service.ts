import { chinaTimeText, FUNDS_CHANGE, STAFF_FUNDS_MESSAGES, parseChinaTime } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import { frozenRepo, pageOf, toWithdrawalRecord, withdrawalRepo, fundsOf } from '../funds/funds.queries.js';
import { moveBalance } from '../ledger/ledger.repository.js';
import { findStaffById } from './staff.repository.js';
import * as repo from './staff-funds.repository.js';

export interface FundsActor {
  platId: string;
  staffId: number;
  role: string;
  ip: string;
}

/** Staff reads of the withdrawal queue and freezing part of a goods fund (issue 9 item 4). */
export function createStaffFunds({ db, clock }: Deps) {
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
        obj: { phonePage: pageOf(page, total) },
      };
    },

    /** Goods fund → a frozen record (store −, frozen +, 24) until releaseDate 00:00 China time; audited. */
    async freeze(a: FundsActor, input: { agentPhone: string; frozenMoney: number; releaseDate: string; remark: string }) {
      const releaseMs = parseChinaTime(`${input.releaseDate} 00:00:00`);
      if (Number.isNaN(releaseMs) || chinaTimeText(new Date(releaseMs)).slice(0, 10) !== input.releaseDate) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.releaseDateInvalid);
      const now = clock.now();
      if (releaseMs <= now.getTime()) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.releaseDatePast);
      const agent = await repo.agentOfPlatformByPhone(k, a.platId, input.agentPhone);
      if (!agent) throw new AppError('RECORD_NOT_FOUND', STAFF_FUNDS_MESSAGES.agentNotFound);
      const who = await this.actor(a);
      const at = iso(now);
      const agentId = Number(agent.id);
      const id = await k.transaction().execute(async (trx) => {
        const m = { platId: a.platId, agentId, changeState: FUNDS_CHANGE.storeFrozen, orderCode: null, remark: input.remark || '货款冻结', at };
        if ((await moveBalance(trx, { ...m, account: 'store', amount: -input.frozenMoney })) === null) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.overBalance);
        await moveBalance(trx, { ...m, account: 'frozen', amount: input.frozenMoney });
        const recordId = await frozenRepo.insertFrozen(trx, {
          plat_id: a.platId,
          agent_id: agentId,
          frozen_money: input.frozenMoney,
          release_at: iso(new Date(releaseMs)),
          remark: input.remark,
          created_by: `staff:${who.staffName}`,
          created_at: at,
        });
        await recordAudit(trx, {
          platId: a.platId,
          staffId: a.staffId,
          staffName: who.staffName,
          role: a.role,
          operation: 'freezeStore',
          targetKind: 'frozen_record',
          targetId: recordId,
          agentId,
          amount: input.frozenMoney,
          after: 'frozen',
          reason: input.remark,
          detail: `releaseDate=${input.releaseDate}`,
          ip: a.ip,
          at,
        });
        return recordId;
      });
      const f = await fundsOf(k, agentId);
      return { obj: { id, agentId, frozenMoney: input.frozenMoney, releaseDate: input.releaseDate, lastStore: Number(f.last_store), frozenStore: Number(f.frozen_store) } };
    },
  };
}
export type StaffFunds = ReturnType<typeof createStaffFunds>;
