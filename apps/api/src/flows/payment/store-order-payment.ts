import { INCOME_CHANGE, STORE_CHANGE, STORE_ORDER_STATE } from '@shop/contract';
import type { Trx } from '../../db/types.js';
import { networkIncomeRepo } from '../../modules/funds/funds.queries.js';
import { moveBalance } from '../../modules/ledger/ledger.repository.js';
import type { SubjectHooks } from '../../modules/payment/payment.queries.js';
import { storeOrders } from '../../modules/store/store.queries.js';

/**
 * The retail income (spec 3 §9 code 16) of a paid VD order, in the payment's transaction (ADR 0038): one frozen
 * income row (source 'store_order', no release date until the order is received) and the frozen account 'award'
 * credited with code 16. The caller moved the order to paid by compare-and-set first, and the source is claimed, so a
 * replayed notification freezes nothing twice.
 */
async function freezeRetailIncome(trx: Trx, o: { id: number; plat_id: string; agent_id: number; consumer_id: number; order_code: string; retail_income: number }, at: string) {
  if (o.retail_income <= 0) return;
  if (!(await networkIncomeRepo.claimSource(trx, 'store_order', o.id, o.plat_id, at))) return;
  await networkIncomeRepo.insertIncome(trx, {
    plat_id: o.plat_id,
    agent_id: o.agent_id,
    // A consumer is not an agent: the row names the store's own agent as its source (the VD code tells the order).
    from_agent_id: o.agent_id,
    source_kind: 'store_order',
    source_id: o.id,
    source_code: o.order_code,
    change_state: INCOME_CHANGE.retailIncome,
    amount: o.retail_income,
    release_at: null,
    created_at: at,
  });
  const m = { platId: o.plat_id, agentId: o.agent_id, account: 'award' as const, amount: o.retail_income, changeState: INCOME_CHANGE.retailIncome, orderCode: o.order_code, remark: '零售收益（冻结）', at };
  if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${o.agent_id} of VD order ${o.order_code} not found`);
}

/** What the WeChat lifecycle does to a consumer's VD order (ADR 0012, ADR 0038): subject kind 'store_order'. */
export const storeOrderSubject: SubjectHooks = {
  // Nothing is reserved from any balance: the consumer pays it all by WeChat (goods part 0).
  changeCodes: { use: STORE_CHANGE.purchaseUse, back: STORE_CHANGE.orderClosedRefund },
  async codeOf(db, id) {
    return (await storeOrders.orderById(db, id))?.order_code ?? null;
  },
  // Still payable: unpaid (a closed order refuses a new payment).
  reserved: (trx, p) => storeOrders.moveOrder(trx, Number(p.subject_id), STORE_ORDER_STATE.unpaid, STORE_ORDER_STATE.unpaid),
  async paid(trx, p, at) {
    const id = Number(p.subject_id);
    const moved = await storeOrders.moveOrder(trx, id, STORE_ORDER_STATE.unpaid, STORE_ORDER_STATE.toShip, { pay_state: 1, pay_date: at, pay_serial: p.out_trade_no, income_state: 1 });
    if (!moved) return false;
    const o = (await storeOrders.orderById(trx, id))!;
    await freezeRetailIncome(trx, { id, plat_id: o.plat_id, agent_id: Number(o.agent_id), consumer_id: Number(o.consumer_id), order_code: o.order_code, retail_income: Number(o.retail_income) }, at);
    return true;
  },
  async released() {
    // Nothing reserved, nothing to forget: the order stays unpaid until it is paid again or closes.
  },
};
