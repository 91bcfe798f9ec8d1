import { RECHARGE_STATE, STORE_CHANGE } from '@shop/contract';
import type { SubjectHooks } from '../payment/payment.queries.js';
import * as repo from './upgrade.repository.js';

/**
 * What the WeChat lifecycle does to a first top-up or an upgrade application (ADR 0012 subject kinds 'recharge' and
 * 'upgrade', ADR 0017): the payment moves the application from awaiting payment to pending review, once (compare-and-set);
 * a payment given up cancels it, which frees the agent's one open slot.
 */
export const rechargeSubject: SubjectHooks = {
  // A top-up reserves nothing from the goods fund (goods_part 0): these codes are never written.
  changeCodes: { use: STORE_CHANGE.recharge, back: STORE_CHANGE.recharge },
  async codeOf(db, id) {
    return (await repo.findRecharge(db, id))?.recharge_code ?? null;
  },
  async reserved(trx, p) {
    const a = await repo.findRecharge(trx, Number(p.subject_id));
    if (!a || Number(a.agent_id) !== Number(p.agent_id)) return false;
    return repo.moveRecharge(trx, Number(a.id), RECHARGE_STATE.awaitingPayment, RECHARGE_STATE.awaitingPayment, { pay_serial: p.out_trade_no });
  },
  // false when the application was cancelled meanwhile: the lifecycle then refunds the payment.
  paid: (trx, p, at) =>
    repo.moveRecharge(trx, Number(p.subject_id), RECHARGE_STATE.awaitingPayment, RECHARGE_STATE.pending, { pay_serial: p.out_trade_no, paid_at: at }),
  async released(trx, p) {
    await repo.moveRecharge(trx, Number(p.subject_id), RECHARGE_STATE.awaitingPayment, RECHARGE_STATE.cancelled);
  },
};
