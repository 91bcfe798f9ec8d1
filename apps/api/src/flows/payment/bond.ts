import { BOND_MESSAGES as M, BOND_PAY_TYPE as PAY, BOND_RETURN_TYPE, BOND_STATE as S, BOND_STATUS, INCOME_CHANGE, PAY_METHOD_TYPE, SELF_WITHDRAWN, type Fen } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { receivingColumns } from '../../lib/receiving-account.js';
import { addMs, iso } from '../../lib/clock.js';
import * as agents from '../../modules/agent/agent.queries.js';
import type { PayPasswordGuard } from '../../modules/agent/pay-password.js';
import * as bonds from '../../modules/bond/bond.queries.js';
import { findCollectionAccount } from '../../modules/funds/funds.queries.js';
import { once, type Claim } from '../../modules/idempotency/idempotency.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import * as orders from '../../modules/order/order.queries.js';
import type { VoucherCheck, WechatLifecycle } from '../../modules/payment/payment.queries.js';
import { findGrades } from '../../modules/upgrade/upgrade.queries.js';
import { codeOf, offlineProof, provisionalCode, type OfflineInput } from './offline-proof.js';
import { WECHAT_PAY_WINDOW_MS } from './pay-order.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export interface BondPayInput extends OfflineInput {
  bondMoney: Fen;
  payType: 1 | 2 | 3;
  remark?: string | null;
  payPassword?: string | null;
}

export interface BondReturnInput {
  bondReturnType: 1 | 2;
  returnBondMoney: Fen;
  remark?: string | null;
  accountId?: number | '' | null;
}

/**
 * The compliance deposit (spec 3 §2, §4, ADR 0017): paid by offline voucher, WeChat (subject kind 'bond' of the wing)
 * or total score (29, taken at submission), then reviewed by staff (flows/review-bond.ts); refund of all of it (type 1)
 * or of the excess above the grade's rule amount (type 2), held until staff decide, withdrawable by the agent.
 */
export function createBondFlow(deps: Deps, payPassword: PayPasswordGuard, wechat: WechatLifecycle, vouchers: VoucherCheck) {
  const { clock } = deps;
  const k = deps.db.kysely;

  /** The deposit as /compliance reads it. */
  async function standing(agentId: number) {
    const agent = await agents.findProfileById(k, agentId);
    if (!agent) throw new AppError('RECORD_NOT_FOUND', M.stale);
    const [balances, grades, open, refund, latest] = await Promise.all([
      agents.findBalances(k, agentId),
      findGrades(k, agent.plat_id),
      bonds.openBondPay(k, agentId),
      bonds.pendingBondReturn(k, agentId),
      bonds.latestBondPay(k, agentId),
    ]);
    const grade = grades.find((g) => Number(g.id) === Number(agent.grade_id));
    if (!grade) throw new AppError('VALIDATION', M.stale);
    const held = balances.bond_money;
    const rule = grade.bond_money;
    const due = agent.is_need_bond_status === 1 ? Math.max(0, rule - held) : 0;
    const status = held > 0 ? BOND_STATUS.held : rule === 0 && agent.is_need_bond_status === 0 ? BOND_STATUS.notNeeded : BOND_STATUS.due;
    return { agent, balances, grade, open, refund, latest, held, rule, due, excess: Math.max(0, held - rule), status };
  }

  /**
   * ADR 0026: a payment and a refund of one agent exclude each other inside the transaction. The agent's row is locked
   * (PostgreSQL; SQLite runs one write transaction at a time), then the other kind's open request and the deposit the
   * amount was computed from are read again: of a payment and a refund submitted together, at most one is accepted.
   */
  async function exclusive(trx: Trx, s: Standing, other: 'pay' | 'refund') {
    const now = await agents.lockDepositStanding(trx, deps.db.dialect, s.agent.id);
    if (other === 'refund' && (await bonds.pendingBondReturn(trx, s.agent.id))) throw new AppError('VALIDATION', M.refundPending);
    if (other === 'pay' && (await bonds.openBondPay(trx, s.agent.id))) throw new AppError('VALIDATION', M.pendingExists);
    const same = now.bond_money === s.held && now.is_need_bond_status === s.agent.is_need_bond_status && Number(now.grade_id) === Number(s.agent.grade_id);
    if (!same || now.is_active !== 1) throw new AppError('VALIDATION', M.amountChanged);
  }

  async function create(s: Standing, money: Fen, payType: number, state: number, extra: object, fromIncome: boolean, claim: Claim) {
    const at = iso(clock.now());
    const platId = s.agent.plat_id;
    const agentId = s.agent.id;
    try {
      return await k.transaction().execute(async (trx) => {
        await claim(trx);
        await exclusive(trx, s, 'refund');
        const id = await bonds.insertBondPay(trx, { plat_id: platId, agent_id: agentId, bond_code: provisionalCode(), bond_money: money, pay_type: payType, check_state: state, created_at: at, ...extra });
        const code = codeOf('HG', clock.now(), id);
        await bonds.setCode(trx, 'bond_pays', id, code);
        if (fromIncome) {
          const m = { platId, agentId, account: 'totalScore' as const, amount: -money, changeState: INCOME_CHANGE.complianceDeposit, orderCode: code, remark: '缴纳合规金', at };
          if ((await moveBalance(trx, m)) === null) throw new AppError('VALIDATION', M.incomeShort);
        }
        return { id, bondCode: code, checkState: state, payType, bondMoney: money };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.pendingExists);
      throw err;
    }
  }

  /** What a refund of this type pays back now, or the refusal the screen shows. */
  async function refundable(agentId: number, type: number) {
    const s = await standing(agentId);
    if (s.refund) throw new AppError('VALIDATION', M.refundPending);
    // A payment under way (pending review or awaiting WeChat) and a refund exclude each other (ADR 0026).
    if (s.open) throw new AppError('VALIDATION', M.pendingExists);
    if (s.held <= 0) throw new AppError('VALIDATION', M.noDeposit);
    const amount = type === BOND_RETURN_TYPE.all ? s.held : s.excess;
    if (amount <= 0) throw new AppError('VALIDATION', M.noExcess);
    return { s, amount };
  }

  /** payBondManage (offline, total score) and payBondManageByWxPayBefore (WeChat): checks in the form's order. */
  async function payOnce(agentId: number, input: BondPayInput, wechatOnly: boolean, claim: Claim) {
    const s = await standing(agentId);
    if (s.agent.agent_status !== 1) throw new AppError('VALIDATION', M.rechargeFirst);
    if (s.due <= 0) throw new AppError('VALIDATION', M.notDue);
    if (s.refund) throw new AppError('VALIDATION', M.refundPending);
    if (s.open?.check_state === S.pending) throw new AppError('VALIDATION', M.pendingExists);
    if (input.bondMoney !== s.due) throw new AppError('VALIDATION', M.amountChanged);
    if (wechatOnly !== (input.payType === PAY.wechat)) throw new AppError('VALIDATION', M.payTypeRequired);
    // A WeChat attempt left waiting is given up first (closed at WeChat); its slot is then free.
    if (s.open) {
      await wechat.withdraw('bond', Number(s.open.id));
      await k.transaction().execute((trx) => bonds.moveBondPay(trx, Number(s.open!.id), S.awaitingPayment, S.cancelled));
    }
    const platId = s.agent.plat_id;
    const remark = { remark: input.remark ?? '' };
    if (input.payType === PAY.income) {
      if (s.balances.lave_income < s.due) throw new AppError('VALIDATION', M.incomeShort);
      await payPassword.verify(agentId, input.payPassword ?? undefined);
      return create(s, s.due, PAY.income, S.pending, remark, true, claim);
    }
    if (input.payType === PAY.offline) {
      const proof = await offlineProof(k, vouchers, platId, agentId, input);
      return create(s, s.due, PAY.offline, S.pending, { ...remark, ...proof }, false, claim);
    }
    const methods = await orders.findPayMethods(k, platId, true);
    if (!methods.some((m) => m.type === PAY_METHOD_TYPE.wechat)) throw new AppError('VALIDATION', '该支付方式暂未开启');
    return create(s, s.due, PAY.wechat, S.awaitingPayment, remark, false, claim);
  }

  return {
    standing,

    /** payBondManage (offline, total score) and payBondManageByWxPayBefore (WeChat): one application per key (ADR 0023). */
    async pay(agentId: number, input: BondPayInput & { idempotencyKey: string }, wechatOnly: boolean) {
      const me = await agents.findProfileById(k, agentId);
      const operation = wechatOnly ? 'payBondManageByWxPayBefore' : 'payBondManage';
      const sub = { platId: me?.plat_id ?? '', actorKind: 'agent' as const, actorId: agentId, key: input.idempotencyKey, operation, input, at: iso(clock.now()) };
      return once(k, sub, (claim) => payOnce(agentId, input, wechatOnly, claim));
    },

    /** bondPrePay: the WeChat payment of a deposit application awaiting it (attach = its id). */
    async prepay(agentId: number, id: number) {
      const b = await bonds.findBondPayOfAgent(k, agentId, id);
      if (!b) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (b.check_state !== S.awaitingPayment || b.pay_type !== PAY.wechat) throw new AppError('VALIDATION', M.notPayable);
      const { open_id: openId } = await agents.findBalances(k, agentId);
      const again = await wechat.resume('bond', Number(b.id), openId);
      if (again) return again;
      if (!openId) throw new AppError('VALIDATION', '您未绑定微信支付');
      return wechat.open({
        kind: 'bond',
        subjectId: Number(b.id),
        platId: b.plat_id,
        agentId,
        serialPrefix: b.bond_code,
        description: '合规金',
        amount: b.bond_money,
        goodsPart: 0,
        openId,
        expiresAt: addMs(clock.now(), WECHAT_PAY_WINDOW_MS),
      });
    },

    /** applyWithdrawalBondInit: the refund screen's figures and its pre-check (spec 3 §5 Deposit refund). */
    async refundInit(agentId: number, type: number) {
      const { s, amount } = await refundable(agentId, type);
      return {
        bondMoney: s.held,
        ruleBondMoney: s.rule,
        excessBondMoney: s.excess,
        returnBondMoney: amount,
        bondReturnType: type,
        isConfirm: 1,
        confirmMsg: type === BOND_RETURN_TYPE.all ? M.refundAllConfirm : M.confirmSubmit,
      };
    },

    /** withdrawalBondManage: the refund is recorded pending; the deposit stays held until staff decide. */
    async applyRefund(agentId: number, input: BondReturnInput) {
      const account = input.accountId ? await findCollectionAccount(k, agentId, input.accountId) : undefined;
      if (!account) throw new AppError('VALIDATION', M.accountRequired);
      const { s, amount } = await refundable(agentId, input.bondReturnType);
      if (input.returnBondMoney !== amount) throw new AppError('VALIDATION', M.amountChanged);
      const at = iso(clock.now());
      try {
        return await k.transaction().execute(async (trx) => {
          await exclusive(trx, s, 'pay');
          const id = await bonds.insertBondReturn(trx, {
            plat_id: s.agent.plat_id,
            agent_id: agentId,
            bond_return_code: provisionalCode(),
            bond_return_type: input.bondReturnType,
            return_bond_money: amount,
            remark: input.remark ?? '',
            account_id: Number(account.id),
            ...receivingColumns(account),
            check_state: S.pending,
            created_at: at,
          });
          const code = codeOf('HT', clock.now(), id);
          await bonds.setCode(trx, 'bond_returns', id, code);
          return { id, bondReturnCode: code, checkState: S.pending, returnBondMoney: amount };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.refundPending);
        throw err;
      }
    },

    /** returnBondMoneyReject: the agent withdraws a pending refund ('自行撤回'); nothing had moved. */
    async withdrawRefund(agentId: number) {
      const r = await bonds.pendingBondReturn(k, agentId);
      if (!r) throw new AppError('VALIDATION', M.noPendingRefund);
      const at = iso(clock.now());
      const moved = await k.transaction().execute((trx) => bonds.moveBondReturn(trx, Number(r.id), S.pending, S.rejected, { check_remark: SELF_WITHDRAWN, checked_at: at }));
      if (!moved) throw new AppError('VALIDATION', M.noPendingRefund);
      return { id: Number(r.id), checkState: S.rejected };
    },
  };
}
export type BondFlow = ReturnType<typeof createBondFlow>;
type Standing = Awaited<ReturnType<BondFlow['standing']>>;
