import { BOND_STATE, STORE_CHANGE } from '@shop/contract';
import type { SubjectHooks } from '../payment/payment.queries.js';
import * as repo from './bond.repository.js';

/**
 * What the WeChat lifecycle does to a deposit payment (ADR 0012 subject kind 'bond', ADR 0017): paid moves it from
 * awaiting payment to pending review once; given up cancels it.
 */
export const bondSubject: SubjectHooks = {
  // A deposit reserves nothing from the goods fund (goods_part 0): these codes are never written.
  changeCodes: { use: STORE_CHANGE.recharge, back: STORE_CHANGE.recharge },
  async codeOf(db, id) {
    return (await repo.findBondPay(db, id))?.bond_code ?? null;
  },
  async reserved(trx, p) {
    const b = await repo.findBondPay(trx, Number(p.subject_id));
    if (!b || Number(b.agent_id) !== Number(p.agent_id)) return false;
    return repo.moveBondPay(trx, Number(b.id), BOND_STATE.awaitingPayment, BOND_STATE.awaitingPayment, { pay_serial: p.out_trade_no });
  },
  paid: (trx, p, at) =>
    repo.moveBondPay(trx, Number(p.subject_id), BOND_STATE.awaitingPayment, BOND_STATE.pending, { pay_serial: p.out_trade_no, paid_at: at }),
  async released(trx, p) {
    await repo.moveBondPay(trx, Number(p.subject_id), BOND_STATE.awaitingPayment, BOND_STATE.cancelled);
  },
};
