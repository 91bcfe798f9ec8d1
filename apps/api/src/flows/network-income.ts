import { INCOME_CHANGE, INCOME_STATE, ORDER_STATE } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Executor, Trx } from '../db/types.js';
import { addMs, DAY, iso } from '../lib/clock.js';
import { moveBalance } from '../modules/ledger/ledger.repository.js';
import { networkIncomeRepo } from '../modules/funds/funds.queries.js';
import { afterSaleRepo } from '../modules/after-sale/after-sale.queries.js';
import { fenText, notify } from '../modules/notification/notification.queries.js';

/** How far up the inviter chain income is paid; also stops a (corrupt) cycle. */
const MAX_DEPTH = 10;
/** Frozen income rows read per page by the settling sweep. */
const SETTLE_BATCH = 500;

/**
 * Income from the network (ADR 0017). A paid order of a lower agent earns each upper agent in the inviter chain the
 * difference between the lowest price already paid below it and its own grade price (sales income 17), so the chain
 * together never earns more than the buyer's price minus the top's. The income is frozen (account 'award') until the
 * order is received plus N days, then released into the total score; an order closed first voids it.
 */
/**
 * The walk up the inviter chain (ADR 0017): what each upper agent earns on each paid line of the order, from today's
 * grade prices. Accrual records the sums; a refund uses the per-line figures to share a recorded row (ADR 0034).
 */
export async function earningsByLine(db: Executor, order: { id: number; create_agent_id: number }) {
  const lines = await networkIncomeRepo.incomeLines(db, Number(order.id));
  const earners: { agentId: number; perLine: number[] }[] = [];
  if (lines.length === 0) return { lines, earners };
  const ids = [...new Set(lines.map((l) => Number(l.single_prod_id)))];
  // The lowest price paid so far, per line (never per spec: a gift of the same spec must not become a paid line's floor).
  const floor = lines.map((l) => Number(l.prod_deal_price));
  let current = await networkIncomeRepo.chainStep(db, Number(order.create_agent_id));
  const seen = new Set<number>([Number(order.create_agent_id)]);
  for (let depth = 0; depth < MAX_DEPTH && current?.inviter_id; depth++) {
    const up = await networkIncomeRepo.chainStep(db, Number(current.inviter_id));
    if (!up || seen.has(Number(up.id))) break;
    seen.add(Number(up.id));
    const prices = await networkIncomeRepo.gradePrices(db, Number(up.grade_id), ids);
    const perLine = lines.map(() => 0);
    lines.forEach((l, i) => {
      const own = prices.get(Number(l.single_prod_id));
      const below = floor[i]!;
      if (own === undefined || own >= below) return;
      if (up.is_active === 1) perLine[i] = (below - own) * Number(l.buy_num);
      floor[i] = own;
    });
    earners.push({ agentId: Number(up.id), perLine });
    current = up;
  }
  return { lines, earners };
}

export async function accrueOrder(trx: Trx, order: { id: number; plat_id: string; order_code: string; create_agent_id: number }, at: string) {
  if (!(await networkIncomeRepo.claimSource(trx, 'order', Number(order.id), order.plat_id, at))) return 0;
  const { earners } = await earningsByLine(trx, order);
  let paid = 0;
  for (const e of earners) {
    const earned = e.perLine.reduce((s, x) => s + x, 0);
    if (earned > 0) {
      await networkIncomeRepo.insertIncome(trx, {
        plat_id: order.plat_id,
        agent_id: e.agentId,
        from_agent_id: Number(order.create_agent_id),
        source_kind: 'order',
        source_id: Number(order.id),
        source_code: order.order_code,
        change_state: INCOME_CHANGE.salesIncome,
        amount: earned,
        release_at: null,
        created_at: at,
      });
      const m = { platId: order.plat_id, agentId: e.agentId, account: 'award' as const, amount: earned, changeState: INCOME_CHANGE.salesIncome, orderCode: order.order_code, remark: '销售收益（冻结）', at };
      await moveBalance(trx, m);
      paid += earned;
    }
  }
  return paid;
}

/** Paid orders not yet accrued become frozen income, each order once (a claimed source row), whoever runs it. */
export async function accrueNetworkIncome(deps: Deps, now: Date): Promise<number> {
  const k = deps.db.kysely;
  const at = iso(now);
  let n = 0;
  for (const o of await networkIncomeRepo.unaccruedPaidOrders(k, 200)) {
    await k.transaction().execute(async (trx) => {
      await accrueOrder(trx, { ...o, id: Number(o.id), create_agent_id: Number(o.create_agent_id) }, at);
    });
    n += 1;
  }
  return n;
}

/**
 * The recruitment reward (15) of an approved first top-up, for the new agent's inviter: the reward set for the new
 * agent's grade, frozen for N days. Called by the top-up approval in its transaction; once per top-up.
 */
export async function creditRecruitmentReward(
  trx: Trx,
  p: { platId: string; newAgentId: number; inviterId: number | null; gradeId: number; rechargeId: number; rechargeCode: string; at: string },
): Promise<number> {
  if (!p.inviterId) return 0;
  const reward = await networkIncomeRepo.recruitReward(trx, p.gradeId);
  if (reward <= 0) return 0;
  if (!(await networkIncomeRepo.claimSource(trx, 'recharge', p.rechargeId, p.platId, p.at))) return 0;
  const days = await networkIncomeRepo.releaseDays(trx, p.platId);
  await networkIncomeRepo.insertIncome(trx, {
    plat_id: p.platId,
    agent_id: p.inviterId,
    from_agent_id: p.newAgentId,
    source_kind: 'recharge',
    source_id: p.rechargeId,
    source_code: p.rechargeCode,
    change_state: INCOME_CHANGE.recruitmentIncome,
    amount: reward,
    release_at: iso(addMs(new Date(p.at), days * DAY)),
    created_at: p.at,
  });
  await moveBalance(trx, { platId: p.platId, agentId: p.inviterId, account: 'award', amount: reward, changeState: INCOME_CHANGE.recruitmentIncome, orderCode: p.rechargeCode, remark: '招募收益（冻结）', at: p.at });
  return reward;
}

/** Releases what is due into the total score and voids the income of orders closed first; each row once. */
export async function settleNetworkIncome(deps: Deps, now: Date): Promise<{ released: number; voided: number }> {
  const k = deps.db.kysely;
  const at = iso(now);
  const daysByPlat = new Map<string, number>();
  let released = 0;
  let voided = 0;
  // Every frozen row, page by page: rows still waiting (an order not yet received) must not hide the due ones behind them.
  for (let afterId = 0; ; ) {
    const rows = await networkIncomeRepo.frozenIncomes(k, afterId, SETTLE_BATCH);
    const orders = new Map((await networkIncomeRepo.orderStates(k, rows.filter((r) => r.source_kind === 'order').map((r) => Number(r.source_id)))).map((o) => [Number(o.id), o]));
    // ADR 0036: an order with an open after-sales request keeps its income frozen until the request ends.
    const held = await afterSaleRepo.ordersWithOpenRequest(k, [...orders.keys()]);
    for (const r of rows) {
      afterId = Number(r.id);
      let to: 1 | 2 | null = null;
      if (r.source_kind === 'order') {
        const o = orders.get(Number(r.source_id));
        if (!o || o.circulation_state === ORDER_STATE.closed || o.circulation_state === ORDER_STATE.timedOut) to = INCOME_STATE.voided;
        else if (held.has(Number(r.source_id))) continue;
        else if (o.receipt_date) {
          if (!daysByPlat.has(r.plat_id)) daysByPlat.set(r.plat_id, await networkIncomeRepo.releaseDays(k, r.plat_id));
          if (iso(addMs(new Date(o.receipt_date), daysByPlat.get(r.plat_id)! * DAY)) <= at) to = INCOME_STATE.released;
        }
      } else if (r.release_at && r.release_at <= at) to = INCOME_STATE.released;
      if (to === null) continue;
      if (await settleOne(k, r, to, at)) {
        if (to === INCOME_STATE.released) released += 1;
        else voided += 1;
      }
    }
    if (rows.length < SETTLE_BATCH) break;
  }
  return { released, voided };
}

/** Compare-and-set of one row, then its ledger moves in the same transaction: false when another run settled it. */
function settleOne(k: Deps['db']['kysely'], r: Awaited<ReturnType<typeof networkIncomeRepo.frozenIncomes>>[number], target: 1 | 2, at: string) {
  return k.transaction().execute(async (trx) => {
    if (!(await networkIncomeRepo.settleIncome(trx, Number(r.id), target, at, Number(r.amount)))) return false;
    const base = { platId: r.plat_id, agentId: Number(r.agent_id), orderCode: r.source_code, at };
    const amount = Number(r.amount);
    if ((await moveBalance(trx, { ...base, account: 'award', amount: -amount, changeState: target === 1 ? r.change_state : INCOME_CHANGE.orderCancelledAdd, remark: target === 1 ? '收益解冻' : '订单关闭，收益作废' })) === null) {
      throw new Error(`income ${r.id}: frozen income short`);
    }
    if (target === 1) {
      await moveBalance(trx, { ...base, account: 'totalScore', amount, changeState: r.change_state, remark: r.change_state === INCOME_CHANGE.recruitmentIncome ? '招募收益' : r.change_state === INCOME_CHANGE.retailIncome ? '零售收益' : '销售收益' });
      await payDebtsFirst(trx, { platId: r.plat_id, agentId: Number(r.agent_id), at }, amount);
      // ADR 0037: the agent is told, in the releasing transaction.
      const source = r.change_state === INCOME_CHANGE.recruitmentIncome ? '招募奖励' : r.change_state === INCOME_CHANGE.retailIncome ? '零售收入' : '进货差价';
      await notify(trx, {
        platId: r.plat_id,
        agentId: Number(r.agent_id),
        key: `income:${r.id}:released`,
        kind: 'income',
        title: '收益已解冻',
        body: `您的${source} ${fenText(amount)}（${r.source_code}）已解冻，转入总分余额。`,
        link: '/frozenIncome',
        at,
        fields: { amount: fenText(amount), orderCode: r.source_code, reason: source },
      });
    }
    return true;
  });
}

/**
 * ADR 0034: income released to an earner who owes a claw-back pays the debt first, oldest first, from what was just
 * released (service expense 23, the claw-back's code), in the releasing transaction; never below zero.
 */
async function payDebtsFirst(trx: Trx, who: { platId: string; agentId: number; at: string }, released: number) {
  let left = released;
  for (const d of await networkIncomeRepo.openDebts(trx, who.agentId)) {
    if (left <= 0) break;
    const x = Math.min(left, Number(d.amount) - Number(d.paid));
    if (!(await networkIncomeRepo.payDebt(trx, { id: Number(d.id), paid: Number(d.paid) }, x))) throw new Error(`debt ${d.id} moved while being paid`);
    const m = { platId: who.platId, agentId: who.agentId, account: 'totalScore' as const, amount: -x, changeState: INCOME_CHANGE.serviceExpense, orderCode: d.source_code, remark: '收益抵扣退款欠款', at: who.at };
    if ((await moveBalance(trx, m)) === null) throw new Error(`agent ${who.agentId}: total score short while paying a debt`);
    left -= x;
  }
}
