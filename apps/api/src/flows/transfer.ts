import { fenToYuan, INCOME_CHANGE, TRANSFER_MESSAGES, transferRefusal, type Fen } from '@shop/contract';
import type { Deps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { iso } from '../lib/clock.js';
import type { PayPasswordGuard } from '../modules/agent/pay-password.js';
import { once } from '../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { agentNameOf, fundsOf, recipientByPhone, transferRepo, type TransferRow } from '../modules/funds/funds.queries.js';

export interface TransferInput {
  toAgentPhone: string;
  rechargeMoney: Fen;
  remark: string;
  toAgentId?: number | null;
  payPassword?: string | null;
  idempotencyKey: string;
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/**
 * Transfer of total score to another agent of the same platform (ADR 0017): 26 out, 12 in, both in one transaction.
 * The two agent rows are updated in id order, so A→B and B→A at the same time on PostgreSQL cannot deadlock.
 */
export function createTransferFlow(deps: Deps, payPassword: PayPasswordGuard) {
  const { db, clock } = deps;
  const k = db.kysely;

  async function recipientOf(platId: string, agentId: number, phone: string) {
    const profile = await recipientByPhone(k, platId, phone);
    if (!profile || profile.is_active !== 1) throw new AppError('VALIDATION', TRANSFER_MESSAGES.notFound);
    if (Number(profile.id) === agentId) throw new AppError('VALIDATION', TRANSFER_MESSAGES.self);
    return {
      toAgentId: Number(profile.id),
      toAgentName: profile.agent_name,
      toAgentPhone: masked(profile.phone),
      toAgentCode: profile.agent_code,
      toAgentGradeId: Number(profile.grade_id),
      toAgentGradeName: profile.grade_name,
    };
  }

  async function gate(agentId: number, amount: Fen) {
    const f = await fundsOf(k, agentId);
    if (f.is_need_bond_status === 1) throw new AppError('VALIDATION', TRANSFER_MESSAGES.bondDue);
    const refusal = transferRefusal(Number(f.lave_income), amount);
    if (refusal) throw new AppError('VALIDATION', refusal);
  }

  return {
    /** selAgentByPlatIdAndPhone: the recipient, and the text of the '转款确认' dialog as msg. */
    async confirm(platId: string, agentId: number, input: { phone: string; rechargeMoney: Fen }) {
      await gate(agentId, input.rechargeMoney);
      const r = await recipientOf(platId, agentId, input.phone);
      return { obj: r, msg: `确认向${r.toAgentName}（${r.toAgentPhone}，${r.toAgentGradeName}）转出${fenToYuan(input.rechargeMoney)}元到总分吗？` };
    },

    async transfer(platId: string, agentId: number, input: TransferInput) {
      const key = input.idempotencyKey;
      const answer = async (t: TransferRow) => {
        const [to, f] = await Promise.all([agentNameOf(k, Number(t.to_agent_id)), fundsOf(k, agentId)]);
        return { obj: { id: Number(t.id), transferCode: t.transfer_code, rechargeMoney: Number(t.amount), toAgentName: to?.agent_name ?? '', laveIncome: Number(f.lave_income) } };
      };
      // ADR 0023: one transfer per key; the same key with another payee or amount is refused.
      return once(k, { platId, actorKind: 'agent', actorId: agentId, key, operation: 'saveAgentWithdrawOut', input, at: iso(clock.now()) }, async (claim) => {
        await gate(agentId, input.rechargeMoney);
        const to = await recipientOf(platId, agentId, input.toAgentPhone);
        if (input.toAgentId !== undefined && input.toAgentId !== null && Number(input.toAgentId) !== to.toAgentId) {
          throw new AppError('VALIDATION', TRANSFER_MESSAGES.recipientChanged);
        }
        await payPassword.verify(agentId, input.payPassword ?? undefined);
        const at = iso(clock.now());
        const row = await k.transaction().execute(async (trx) => {
          await claim(trx);
          const t = await transferRepo.insertTransfer(trx, {
            plat_id: platId,
            from_agent_id: agentId,
            to_agent_id: to.toAgentId,
            amount: input.rechargeMoney,
            remark: input.remark,
            idempotency_key: key,
            created_at: at,
          });
          const out = { platId, agentId, account: 'totalScore' as const, amount: -input.rechargeMoney, changeState: INCOME_CHANGE.transferOut, orderCode: t.transfer_code, remark: `转出至${to.toAgentName}`, at };
          const into = { platId, agentId: to.toAgentId, account: 'totalScore' as const, amount: input.rechargeMoney, changeState: INCOME_CHANGE.transferIn, orderCode: t.transfer_code, remark: '转入', at };
          // Fixed order by agent id: every transaction locks the lower id first.
          for (const m of agentId < to.toAgentId ? [out, into] : [into, out]) {
            if ((await moveBalance(trx, m)) === null) throw new AppError('VALIDATION', TRANSFER_MESSAGES.overBalance);
          }
          return t;
        });
        return answer(row);
      });
    },
  };
}
export type TransferFlow = ReturnType<typeof createTransferFlow>;
