import { chinaTimeText, FUNDS_CHANGE, parseChinaTime, STAFF_FUNDS_MESSAGES, STORE_CHANGE } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { iso } from '../lib/clock.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { once } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { agentOfPlatformByPhone, frozenRepo, fundsOf } from '../modules/funds/funds.queries.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';

/**
 * Frozen goods fund (ADR 0017): staff move part of a goods fund into a frozen record with a release date (24, audited);
 * the agent thaws every record whose date has come back into the goods fund (14), each record once.
 */
export function createFrozenStoreFlow({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    /** One freeze per key (ADR 0023): a retry answers the first record; the same key with other content is refused. */
    async freeze(a: StaffActor, input: { agentPhone: string; frozenMoney: number; releaseDate: string; remark: string; idempotencyKey: string }) {
      const sub = { platId: a.platId, actorKind: 'staff' as const, actorId: a.staffId, key: input.idempotencyKey, operation: 'freezeStore', input, at: iso(clock.now()) };
      return once(k, sub, async (claim) => {
        const releaseMs = parseChinaTime(`${input.releaseDate} 00:00:00`);
        if (Number.isNaN(releaseMs) || chinaTimeText(new Date(releaseMs)).slice(0, 10) !== input.releaseDate) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.releaseDateInvalid);
        const now = clock.now();
        if (releaseMs <= now.getTime()) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.releaseDatePast);
        const agent = await agentOfPlatformByPhone(k, a.platId, input.agentPhone);
        if (!agent) throw new AppError('RECORD_NOT_FOUND', STAFF_FUNDS_MESSAGES.agentNotFound);
        const at = iso(now);
        const agentId = Number(agent.id);
        const id = await k.transaction().execute(async (trx) => {
          await claim(trx);
          const m = { platId: a.platId, agentId, changeState: FUNDS_CHANGE.storeFrozen, orderCode: null, remark: input.remark || '货款冻结', at };
          if ((await moveBalance(trx, { ...m, account: 'store', amount: -input.frozenMoney })) === null) throw new AppError('VALIDATION', STAFF_FUNDS_MESSAGES.overBalance);
          await moveBalance(trx, { ...m, account: 'frozen', amount: input.frozenMoney });
          const recordId = await frozenRepo.insertFrozen(trx, {
            plat_id: a.platId,
            agent_id: agentId,
            frozen_money: input.frozenMoney,
            release_at: iso(new Date(releaseMs)),
            remark: input.remark,
            created_by: `staff:${a.staffName}`,
            created_at: at,
          });
          await recordAudit(trx, {
            platId: a.platId, staffId: a.staffId, staffName: a.staffName, role: a.role, operation: 'freezeStore', targetKind: 'frozen_record',
            targetId: recordId, agentId, amount: input.frozenMoney, after: 'frozen', reason: input.remark, detail: `releaseDate=${input.releaseDate}`, ip: a.ip, at,
          });
          return recordId;
        });
        const f = await fundsOf(k, agentId);
        return { obj: { id, agentId, frozenMoney: input.frozenMoney, releaseDate: input.releaseDate, lastStore: Number(f.last_store), frozenStore: Number(f.frozen_store) } };
      });
    },

    /** One thaw per key (ADR 0023): a retry answers what the first thawed. */
    async thaw(platId: string, agentId: number, input: { idempotencyKey: string }) {
      const sub = { platId, actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation: 'thawAgentStoreFrozenRecord', input: {}, at: iso(clock.now()) };
      return once(k, sub, async (claim) => {
        const at = iso(clock.now());
        const due = (await frozenRepo.frozenOf(k, agentId)).filter((r) => r.release_at <= at);
        const thawed = await k.transaction().execute(async (trx) => {
          await claim(trx);
          let sum = 0;
          for (const r of due) {
            if (!(await frozenRepo.markThawed(trx, Number(r.id), at))) continue;
            const m = { platId: r.plat_id, agentId, changeState: STORE_CHANGE.frozenTransfer, orderCode: null, remark: '冻结货款解冻', at };
            const amount = Number(r.frozen_money);
            if ((await moveBalance(trx, { ...m, account: 'frozen', amount: -amount })) === null) throw new Error(`frozen record ${r.id}: frozen balance short`);
            await moveBalance(trx, { ...m, account: 'store', amount });
            sum += amount;
          }
          // Refused inside the transaction, so the key is not kept for a thaw that moved nothing.
          if (sum === 0) throw new AppError('VALIDATION', '暂无可解冻金额');
          return sum;
        });
        const f = await fundsOf(k, agentId);
        return { obj: { thawMoney: thawed, lastStore: Number(f.last_store), frozenStore: Number(f.frozen_store) } };
      });
    },
  };
}
export type FrozenStoreFlow = ReturnType<typeof createFrozenStoreFlow>;
