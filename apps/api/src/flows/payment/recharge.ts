import { INCOME_CHANGE, RECHARGE_PAY_TYPE as PAY, RECHARGE_STATE as S, UPGRADE_MESSAGES as M, type Fen } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { addMs, iso } from '../../lib/clock.js';
import * as agents from '../../modules/agent/agent.queries.js';
import type { PayPasswordGuard } from '../../modules/agent/pay-password.js';
import { once, type Claim } from '../../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import type { VoucherCheck, WechatLifecycle } from '../../modules/payment/payment.queries.js';
import * as recharges from '../../modules/upgrade/upgrade.queries.js';
import { codeOf, offlineProof, provisionalCode, type OfflineInput } from './offline-proof.js';
import { WECHAT_PAY_WINDOW_MS } from './pay-order.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export interface RechargeInput extends OfflineInput {
  newGradeId?: number;
  agentUpgradeApplyInfoBo?: { newGradeId?: number };
  rechargeMoney: Fen;
  payType: 1 | 2 | 3;
  remark?: string | null;
  payPassword?: string | null;
}

const kindOf = (gradeUpType: number) => (gradeUpType === 1 ? 'recharge' : 'upgrade') as 'recharge' | 'upgrade';

/**
 * First top-up and upgrade (spec 3 §2 Upgrade, ADR 0017): one application per agent in flight, paid by total score
 * (taken at submission, 28), offline with vouchers, or WeChat through the payment wing (subject kinds 'recharge' /
 * 'upgrade'); staff review it (flows/review-recharge.ts).
 */
export function createRechargeFlow(deps: Deps, payPassword: PayPasswordGuard, wechat: WechatLifecycle, vouchers: VoucherCheck) {
  const { clock } = deps;
  const k = deps.db.kysely;

  /** What the agent may apply for now and what it costs, by the server's figures. */
  async function plan(agentId: number, wantedGradeId: number | undefined, restock: boolean) {
    const agent = await agents.findProfileById(k, agentId);
    if (!agent) throw new AppError('RECORD_NOT_FOUND', M.stale);
    const grades = await recharges.findGrades(k, agent.plat_id);
    const current = grades.find((g) => Number(g.id) === Number(agent.grade_id));
    if (!current) throw new AppError('VALIDATION', M.stale);
    if (agent.agent_status === 0) {
      // spec 3 §4: a new agent restocks firstRechargeMoney of the grade they hold.
      if (!restock) throw new AppError('VALIDATION', M.notAllowed);
      return { agent, gradeUpType: 1, oldGrade: current, newGrade: current, amount: current.first_recharge_money };
    }
    if (agent.agent_status !== 1) throw new AppError('VALIDATION', M.stale);
    if (!wantedGradeId) throw new AppError('VALIDATION', M.gradeRequired);
    const target = grades.find((g) => Number(g.id) === wantedGradeId);
    if (!target) throw new AppError('VALIDATION', M.gradeRequired);
    if (target.grade_level <= current.grade_level) throw new AppError('VALIDATION', M.gradeNotHigher);
    const rules = (await recharges.findRules(k, agent.plat_id)).filter((r) => Number(r.grade_id) === Number(target.id));
    if (restock) {
      const rule = rules.find((r) => r.single_money !== null);
      if (!rule) throw new AppError('VALIDATION', M.notAllowed);
      return { agent, gradeUpType: 2, oldGrade: current, newGrade: target, amount: rule.single_money! };
    }
    const recruits = await recharges.countRecruits(k, agentId);
    if (!rules.some((r) => r.single_money === null && r.recruit_count <= recruits)) throw new AppError('VALIDATION', M.notAllowed);
    return { agent, gradeUpType: 2, oldGrade: current, newGrade: target, amount: 0 };
  }

  /** An own application still waiting for its WeChat payment is given up first (closed at WeChat); a pending one refuses. */
  async function freeSlot(agentId: number) {
    const open = await recharges.openRecharge(k, agentId);
    if (!open) return;
    if (open.check_state === S.pending) throw new AppError('VALIDATION', M.pendingExists);
    await giveUp(Number(open.id), open.grade_up_type);
  }

  async function giveUp(id: number, gradeUpType: number) {
    await wechat.withdraw(kindOf(gradeUpType), id);
    // Never prepaid: no payment row to close, the application is simply cancelled.
    await k.transaction().execute((trx) => recharges.moveRecharge(trx, id, S.awaitingPayment, S.cancelled));
  }

  async function insert(trx: Trx, row: Parameters<typeof recharges.insertRecharge>[1]) {
    const id = await recharges.insertRecharge(trx, row);
    const code = codeOf('HK', clock.now(), id);
    await recharges.setRechargeCode(trx, id, code);
    return { id, code };
  }

  async function create(p: Awaited<ReturnType<typeof plan>>, payType: number, state: number, extra: object, take: Fen, claim?: Claim) {
    const at = iso(clock.now());
    const agentId = Number(p.agent.id);
    try {
      return await k.transaction().execute(async (trx) => {
        await claim?.(trx);
        const { id, code } = await insert(trx, {
          plat_id: p.agent.plat_id,
          agent_id: agentId,
          recharge_code: provisionalCode(),
          grade_up_type: p.gradeUpType,
          old_grade_id: Number(p.oldGrade.id),
          new_grade_id: Number(p.newGrade.id),
          recharge_money: p.amount,
          pay_type: payType,
          check_state: state,
          created_at: at,
          ...extra,
        });
        if (take > 0) {
          const m = { platId: p.agent.plat_id, agentId, account: 'totalScore' as const, amount: -take, changeState: INCOME_CHANGE.upgradeTopUp, orderCode: code, remark: p.gradeUpType === 1 ? '首次充值' : '升级充值', at };
          if ((await moveBalance(trx, m)) === null) throw new AppError('VALIDATION', M.incomeShort);
        }
        return { id, rechargeCode: code, checkState: state, payType, rechargeMoney: p.amount };
      });
    } catch (err) {
      // Two submissions at once: the partial unique index lets one in.
      if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.pendingExists);
      throw err;
    }
  }

  /** submitApplicationsForPersonal (spec 3 §4–§5): checks in the order the /offline form shows them. */
  async function submitOnce(agentId: number, input: RechargeInput, claim: Claim) {
    const wanted = input.agentUpgradeApplyInfoBo?.newGradeId ?? input.newGradeId;
    const p = await plan(agentId, wanted, true);
    await freeSlot(agentId);
    if (input.rechargeMoney !== p.amount) throw new AppError('VALIDATION', M.amountChanged);
    const remark = { remark: input.remark ?? '' };
    if (input.payType === PAY.income) {
      const { lave_income } = await agents.findBalances(k, agentId);
      if (lave_income < p.amount) throw new AppError('VALIDATION', M.incomeShort);
      await payPassword.verify(agentId, input.payPassword ?? undefined);
      return create(p, PAY.income, S.pending, remark, p.amount, claim);
    }
    if (input.payType === PAY.offline) {
      const proof = await offlineProof(k, vouchers, p.agent.plat_id, agentId, input);
      return create(p, PAY.offline, S.pending, { ...remark, ...proof }, 0, claim);
    }
    const flags = await recharges.rechargeFlags(k, p.agent.plat_id);
    if (flags.rechargeState !== 1 || flags.loanRechargeState !== 1) throw new AppError('VALIDATION', M.methodClosed);
    return create(p, PAY.wechat, S.awaitingPayment, remark, 0, claim);
  }

  return {
    plan,

    /** submitApplicationsForPersonal: one application per key (ADR 0023); the same key with other content is refused. */
    async submit(agentId: number, input: RechargeInput & { idempotencyKey: string }) {
      const me = await agents.findProfileById(k, agentId);
      const sub = { platId: me?.plat_id ?? '', actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation: 'submitApplicationsForPersonal', input, at: iso(clock.now()) };
      return once(k, sub, (claim) => submitOnce(agentId, input, claim));
    },

    /** agentLevelUpApply: a recruit rule met, nothing to pay; straight to review. */
    async levelUp(agentId: number, newGradeId: number | undefined) {
      const p = await plan(agentId, newGradeId, false);
      await freeSlot(agentId);
      return create(p, 0, S.pending, {}, 0);
    },

    /** storePrePay: the WeChat payment of an application awaiting it, through the wing (one open payment per subject). */
    async prepay(agentId: number, rechargeId: number) {
      const a = await recharges.findRechargeOfAgent(k, agentId, rechargeId);
      if (!a) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (a.check_state !== S.awaitingPayment || a.pay_type !== PAY.wechat) throw new AppError('VALIDATION', M.notPayable);
      const kind = kindOf(a.grade_up_type);
      const { open_id: openId } = await agents.findBalances(k, agentId);
      const again = await wechat.resume(kind, Number(a.id), openId);
      if (again) return again;
      if (!openId) throw new AppError('VALIDATION', M.wechatUnbound);
      return wechat.open({
        kind,
        subjectId: Number(a.id),
        platId: a.plat_id,
        agentId,
        serialPrefix: a.recharge_code,
        description: a.grade_up_type === 1 ? '货款充值' : '代理升级',
        amount: a.recharge_money,
        goodsPart: 0,
        openId,
        expiresAt: addMs(clock.now(), WECHAT_PAY_WINDOW_MS),
      });
    },

    /**
     * wxPayFailCallBack: the pay sheet was cancelled or failed; the attempt is given up and the slot freed. A payment
     * that went through anyway (its notification came first, or closing it at WeChat finds it paid and settles it)
     * is no cancellation: the application is answered as it now is, paid and under review (ADR 0025).
     */
    async failed(agentId: number, id: number) {
      const a = await recharges.findRechargeOfAgent(k, agentId, id);
      if (!a) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (a.check_state === S.awaitingPayment) {
        try {
          await giveUp(Number(a.id), a.grade_up_type);
        } catch (err) {
          // Closing found it paid (the lifecycle settled it and refuses the close): what it is now is the answer.
          const now = await recharges.findRecharge(k, id);
          if (!(err instanceof AppError) || !now || now.check_state === S.awaitingPayment) throw err;
        }
      }
      const now = (await recharges.findRecharge(k, id))!;
      return { ...now, paid: now.check_state === S.pending || now.check_state === S.approved };
    },
  };
}
export type RechargeFlow = ReturnType<typeof createRechargeFlow>;
