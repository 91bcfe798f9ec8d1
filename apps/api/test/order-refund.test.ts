import { describe, expect, it } from 'vitest';
import { payRefundPayout, selectMyOrderRefunds, selectOrderInfoByOrderId, selectOrderRefunds, selectRefundPayouts, shipOrder } from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp } from './helpers/app.js';
import { ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY } from './helpers/time.js';
import { balancesOf, linesOf, orderRow, payOrder, placeOrder, preview, refund, refundBreaches, refundChain, setGoodsFund, setIncome } from './helpers/refund-fixture.js';

/**
 * Staff refunds of a paid order (ADR 0034): every pay method and mix, partial then whole, stock, gifts,
 * points and network income reversed exactly, with both ledger invariants after each step.
 */
const t = useTestApp();

const incomeRows = (orderId: number) =>
  t.db.kysely.selectFrom('network_incomes').selectAll().where('source_kind', '=', 'order').where('source_id', '=', orderId).orderBy('agent_id').execute();
const changes = (agentId: number, code: string, account: string) =>
  t.db.kysely.selectFrom('account_changes').select(['amount', 'change_state']).where('agent_id', '=', agentId).where('order_code', '=', code).where('account', '=', account).orderBy('id').execute();
const lineOf = async (orderId: number, singleProdId: number) => (await linesOf(t, orderId)).find((l) => Number(l.single_prod_id) === singleProdId && !l.is_first_gift)!;

async function holds(orderId: number) {
  expect(await refundBreaches(t, orderId)).toEqual([]);
  expect(await ledgerHolds(t)).toBe(true);
}

describe('goods fund: partial then whole, before shipping', () => {
  it('refunds 1 of 3 units by its share, then the rest with the freight; stock, gifts and frozen income follow', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.a.singleProdId, buyNum: 3 }, { singleProdId: c.b.singleProdId, buyNum: 2 }]);
    const order = await payOrder(t, c.buyer, Number(placed.id), 1);
    expect(order.circulation_state).toBe(3);
    const before = await balancesOf(t, c.buyer.agentId);
    const stockA = await stockOf(t, c.a.singleProdId);
    const a = await lineOf(Number(order.id), c.a.singleProdId);

    // Preview and refund answer the same figures; 1 of 3 units of A carries a third of A's 300.00 (no points offset).
    const p = await preview(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(a.id), qty: 1 }] });
    expect(p.body.obj).toMatchObject({ amount: '100.00', storeAmount: '100.00', wechatAmount: '0.00', isFull: false, stockReturned: true });
    // The network income of the unit: mid (100.00 − 90.00) and top (90.00 − 75.00), cancelled while frozen.
    expect(p.body.obj.incomeCancelled).toBe('25.00');
    const r1 = await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(a.id), qty: 1 }] });
    expect(r1.body).toMatchObject({ errorType: 'SUCCESS', msg: '退款已完成' });
    expect(r1.body.obj).toMatchObject({ amount: '100.00', storeAmount: '100.00', incomeCancelled: '25.00', stockReturned: true, isFull: false });
    expect(await orderRow(t, Number(order.id))).toMatchObject({ circulation_state: 3, refund_state: 1, refund_money: 10_000 });
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + 10_000);
    expect(await changes(c.buyer.agentId, order.order_code, 'store')).toEqual(expect.arrayContaining([{ amount: 10_000, change_state: 15 }]));
    expect(await stockOf(t, c.a.singleProdId)).toBe(stockA + 1);
    expect((await incomeRows(Number(order.id))).map((r) => [Number(r.agent_id), Number(r.amount), Number(r.cancelled_amount)])).toEqual(
      [[c.mid.agentId, 2_000, 1_000], [c.top.agentId, 3_000, 1_500]].sort((x, y) => x[0]! - y[0]!),
    );
    await holds(Number(order.id));

    // Asking for more than is left is refused and changes nothing.
    const tooMany = await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(a.id), qty: 3 }] });
    expect(tooMany.body.msg).toBe('「测试商品」最多还可退 2 件，请调整数量');

    // The rest: everything left, freight included; the order gives back exactly what it took.
    const r2 = await refund(t, finance, { orderId: Number(order.id) });
    expect(r2.body.obj).toMatchObject({ isFull: true });
    const after = await orderRow(t, Number(order.id));
    expect(after).toMatchObject({ circulation_state: 8, refund_state: 2, refund_money: order.actual_money });
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + order.actual_money);
    expect(await stockOf(t, c.a.singleProdId)).toBe(stockA + 3);
    for (const l of await linesOf(t, Number(order.id))) expect(l.refund_num).toBe(l.buy_num);
    // Every frozen row is voided with nothing left frozen: all it earned was cancelled.
    expect((await incomeRows(Number(order.id))).map((r) => [Number(r.agent_id), r.state, Number(r.amount), Number(r.cancelled_amount)])).toEqual(
      [[c.mid.agentId, 2, 0, 3_000], [c.top.agentId, 2, 0, 4_500]].sort((x, y) => x[0]! - y[0]!),
    );
    await holds(Number(order.id));

    // Nothing is left to refund.
    expect((await refund(t, finance, { orderId: Number(order.id) })).body.msg).toBe('该订单已全部退款');
    // The release job finds nothing of it any more.
    await releaseIncome(t, t.clock.now());
    expect((await balancesOf(t, c.mid.agentId)).frozen_award).toBe(0);
    await holds(Number(order.id));
  });
});

describe('mixed payments split exactly', () => {
  it('goods fund 50.01 + total score: a partial refund splits in proportion, the rest returns both balances to the fen', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 5_001);
    await setIncome(t, c.buyer.agentId, 1_000_000);
    const before = await balancesOf(t, c.buyer.agentId);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.a.singleProdId, buyNum: 1 }, { singleProdId: c.b.singleProdId, buyNum: 3 }]);
    const order = await payOrder(t, c.buyer, Number(placed.id), 7);
    expect(order.goods_pay_money).toBe(5_001);
    expect(order.award_pay_money).toBe(order.actual_money - 5_001);
    const b = await lineOf(Number(order.id), c.b.singleProdId);

    const r1 = await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(b.id), qty: 1 }] });
    expect(r1.body.obj.amount).toBe('33.33');
    const s1 = await t.db.kysely.selectFrom('order_refunds').selectAll().where('order_id', '=', Number(order.id)).executeTakeFirstOrThrow();
    expect(s1.store_amount + s1.income_amount).toBe(3_333);
    // In proportion to what each part holds (ADR 0034): the goods fund's share is floor or ceil of its exact share.
    const exact = (3_333 * 5_001) / order.actual_money;
    expect([Math.floor(exact), Math.ceil(exact)]).toContain(s1.store_amount);
    await holds(Number(order.id));

    await refund(t, finance, { orderId: Number(order.id) });
    const after = await balancesOf(t, c.buyer.agentId);
    expect([after.last_store, after.lave_income]).toEqual([before.last_store, before.lave_income]);
    expect(await changes(c.buyer.agentId, order.order_code, 'income')).toEqual(expect.arrayContaining([expect.objectContaining({ change_state: 19 })]));
    await holds(Number(order.id));
  });

  it('goods fund + WeChat: each part back to its method, the WeChat part through the wing (退款成功 by notification)', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 7_777);
    const before = await balancesOf(t, c.buyer.agentId);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 5 }], 2);
    const order = await payOrder(t, c.buyer, Number(placed.id), 6);
    expect(order.circulation_state).toBe(3);
    expect(order.goods_pay_money).toBe(7_777);
    const b = await lineOf(Number(order.id), c.b.singleProdId);

    const r1 = await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(b.id), qty: 2 }] });
    expect(r1.body.obj.amount).toBe('66.66');
    // The sandbox settles at once: the notification moved the WeChat part to 退款成功.
    const list = await staffCall(t, selectOrderRefunds, { orderId: Number(order.id) }, { staffToken: finance });
    expect(list.body.objs[0]).toMatchObject({ wechatStateText: '退款成功', wechatState: 1 });
    const wechatRefunds = await t.db.kysely.selectFrom('refunds').selectAll().where('subject_id', '=', Number(order.id)).where('subject_kind', '=', 'order').execute();
    expect(wechatRefunds).toHaveLength(1);
    expect(wechatRefunds[0]!.out_refund_no).toBe(r1.body.obj.refundCode);
    await holds(Number(order.id));

    await refund(t, finance, { orderId: Number(order.id) });
    const payment = await t.db.kysely.selectFrom('wechat_payments').selectAll().where('subject_id', '=', Number(order.id)).where('state', '=', 1).executeTakeFirstOrThrow();
    const all = await t.db.kysely.selectFrom('refunds').selectAll().where('payment_id', '=', Number(payment.id)).execute();
    expect(all.reduce((s, r) => s + Number(r.amount), 0)).toBe(payment.amount);
    expect(all.every((r) => r.state === 1)).toBe(true);
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store);
    await holds(Number(order.id));

    // The agent sees 全部退款 and the records in the shop.
    const mine = await t.call(selectMyOrderRefunds, { orderId: Number(order.id) }, { token: c.buyer.token });
    expect(mine.body.obj).toMatchObject({ refundState: 2, refundStateText: '全部退款' });
    expect(mine.body.objs).toHaveLength(2);
    const detail = await t.call(selectOrderInfoByOrderId, { id: Number(order.id) }, { token: c.buyer.token });
    expect(detail.body.obj.circulationState).toBe(8);
  });

  it('points paid and welfare gift points: points back (16), gift points taken back (21) never below zero, the shortfall recorded', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 3 }]);
    const order = await payOrder(t, c.buyer, Number(placed.id), 1);
    // The order also spent 101 points and was given 77 welfare points (as place-order and payment record them).
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ balance_point: 101, gift_point: 77 }).where('id', '=', Number(order.id)).execute();
      const base = { platId: order.plat_id, agentId: c.buyer.agentId, account: 'integral' as const, orderCode: order.order_code, at: t.clock.now().toISOString() };
      await moveBalance(trx, { ...base, amount: 500, changeState: 11, orderCode: null, remark: '测试' });
      await moveBalance(trx, { ...base, amount: -101, changeState: 23, remark: '积分抵扣' });
      await moveBalance(trx, { ...base, amount: 77, changeState: 14, remark: '福利赠送积分' });
    });
    const b = await lineOf(Number(order.id), c.b.singleProdId);
    const r1 = await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(b.id), qty: 1 }] });
    // A third of each, floored per line: 33 points back, 25 gift points taken.
    expect(r1.body.obj).toMatchObject({ points: 33, giftPointsTaken: 25, giftPointsShort: 0 });
    await holds(Number(order.id));

    // The agent spends points meanwhile: what cannot be taken back is the shortfall, never a negative balance.
    const left = (await balancesOf(t, c.buyer.agentId)).lave_integral;
    await t.db.kysely.transaction().execute((trx) =>
      moveBalance(trx, { platId: order.plat_id, agentId: c.buyer.agentId, account: 'integral', amount: -left, changeState: 22, orderCode: null, remark: '兑换', at: t.clock.now().toISOString() }),
    );
    const r2 = await refund(t, finance, { orderId: Number(order.id) });
    // 68 points come back first, then 52 gift points are due: all 68 taken... of the 52 due, the balance covers them.
    expect(r2.body.obj.points).toBe(68);
    expect(r2.body.obj.giftPointsTaken + r2.body.obj.giftPointsShort).toBe(52);
    expect(r2.body.obj.giftPointsTaken).toBe(52);
    expect((await balancesOf(t, c.buyer.agentId)).lave_integral).toBe(68 - 52);
    await holds(Number(order.id));
  });

  it('gift points beyond the balance: the balance goes to zero and the rest is the shortfall', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 1 }]);
    const order = await payOrder(t, c.buyer, Number(placed.id), 1);
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ gift_point: 90 }).where('id', '=', Number(order.id)).execute();
      await moveBalance(trx, { platId: order.plat_id, agentId: c.buyer.agentId, account: 'integral', amount: 90, changeState: 14, orderCode: order.order_code, remark: '福利赠送积分', at: t.clock.now().toISOString() });
      await moveBalance(trx, { platId: order.plat_id, agentId: c.buyer.agentId, account: 'integral', amount: -60, changeState: 22, orderCode: null, remark: '兑换', at: t.clock.now().toISOString() });
    });
    const r = await refund(t, finance, { orderId: Number(order.id) });
    expect(r.body.obj).toMatchObject({ giftPointsTaken: 30, giftPointsShort: 60 });
    expect((await balancesOf(t, c.buyer.agentId)).lave_integral).toBe(0);
    const mine = await t.call(selectMyOrderRefunds, { orderId: Number(order.id) }, { token: c.buyer.token });
    expect(mine.body.objs[0]).toMatchObject({ giftPointsTaken: 30, giftPointsShort: 60 });
    await holds(Number(order.id));
  });
});

describe('offline payment: a payout task for finance', () => {
  it('the offline part becomes 待打款 with the agent’s collection account; finance marks it 已打款 once', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await t.db.kysely
      .insertInto('collection_accounts')
      .values({ plat_id: t.config.platId, agent_id: c.buyer.agentId, bank_dic_id: null, bank_dic_name: '中国银行', account_name: '测试户名', account_number: '6217000011112222', is_default: 1, created_at: t.clock.now().toISOString() })
      .execute();
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 2 }], 4);
    const order = await payOrder(t, c.buyer, Number(placed.id), 8, finance);
    expect(order).toMatchObject({ circulation_state: 3, pay_state: 1 });
    const r = await refund(t, finance, { orderId: Number(order.id) });
    expect(r.body.obj).toMatchObject({ offlineAmount: (order.actual_money / 100).toFixed(2), payoutStateText: '待打款' });
    const list = await staffCall(t, selectRefundPayouts, { state: 0 }, { staffToken: finance });
    const row = list.body.objs.find((x: { refundCode: string }) => x.refundCode === r.body.obj.refundCode);
    expect(row).toMatchObject({ accountNumber: '6217000011112222', accountName: '测试户名', bankName: '中国银行', stateText: '待打款' });
    const paid = await Promise.all([0, 1].map(() => staffCall(t, payRefundPayout, { payoutId: row.id, payReference: 'BANK-REF-001' }, { staffToken: finance })));
    expect(paid.map((x) => x.body.msg).sort()).toEqual(['已标记为已打款', '该打款任务已打款，请刷新后查看'].sort());
    const audits = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'payRefundPayout').where('target_id', '=', row.id).execute();
    expect(audits).toHaveLength(1);
    await holds(Number(order.id));
  });
});

describe('after shipping and released income', () => {
  it('a shipped order keeps its stock out; released income is clawed back (23), a shortfall is a debt the next income pays first', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const warehouse = await staffLoginAs(t, 'cangku');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.a.singleProdId, buyNum: 2 }]);
    const order = await payOrder(t, c.buyer, Number(placed.id), 1);
    const ship = { orderId: Number(order.id), parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `7${order.id}0001` }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    // Received long ago: the income of the order (mid 20.00, top 30.00) is released by the job.
    await t.db.kysely.updateTable('orders').set({ circulation_state: 5, receipt_date: new Date(t.clock.now().getTime() - 30 * DAY).toISOString() }).where('id', '=', Number(order.id)).execute();
    await releaseIncome(t, t.clock.now());
    expect((await incomeRows(Number(order.id))).every((r) => r.state === 1)).toBe(true);
    // mid spends all but 5.00 of it.
    await setIncome(t, c.mid.agentId, 500);
    const stockA = await stockOf(t, c.a.singleProdId);

    const r = await refund(t, finance, { orderId: Number(order.id) });
    expect(r.body.obj).toMatchObject({ stockReturned: false, incomeClawed: '35.00', incomeDebt: '15.00', isFull: true });
    expect(await stockOf(t, c.a.singleProdId)).toBe(stockA);
    expect((await balancesOf(t, c.mid.agentId)).lave_income).toBe(0);
    expect((await balancesOf(t, c.top.agentId)).lave_income).toBe(0);
    expect(await changes(c.mid.agentId, order.order_code, 'income')).toEqual(expect.arrayContaining([{ amount: -500, change_state: 23 }]));
    await holds(Number(order.id));

    // mid's next released income pays the 15.00 debt first.
    const buyer2 = c.buyer;
    const placed2 = await placeOrder(t, buyer2, [{ singleProdId: c.a.singleProdId, buyNum: 3 }]);
    const order2 = await payOrder(t, buyer2, Number(placed2.id), 1);
    await t.db.kysely.updateTable('orders').set({ circulation_state: 5, receipt_date: new Date(t.clock.now().getTime() - 30 * DAY).toISOString() }).where('id', '=', Number(order2.id)).execute();
    await releaseIncome(t, t.clock.now());
    // mid earned 30.00 on the second order: 15.00 went to the debt.
    expect((await balancesOf(t, c.mid.agentId)).lave_income).toBe(1_500);
    const debts = await t.db.kysely.selectFrom('income_debts').selectAll().where('agent_id', '=', c.mid.agentId).execute();
    expect(debts.map((d) => [Number(d.amount), Number(d.paid)])).toEqual([[1_500, 1_500]]);
    await holds(Number(order.id));
    await holds(Number(order2.id));
  });
});

describe('refusals change nothing', () => {
  it('unpaid order, the warehouse role, no reason, a gift line, another platform’s id', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    await setGoodsFund(t, c.buyer.agentId, 1_000_000);
    const placed = await placeOrder(t, c.buyer, [{ singleProdId: c.b.singleProdId, buyNum: 1 }]);
    expect((await refund(t, finance, { orderId: Number(placed.id) })).body.msg).toBe('只有已付款的订单（待发货、待收货、已完成）可以退款');
    const order = await payOrder(t, c.buyer, Number(placed.id), 1);
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await refund(t, warehouse, { orderId: Number(order.id) })).body.errorType).not.toBe('SUCCESS');
    expect((await refund(t, finance, { orderId: Number(order.id), reason: '  ' })).body.msg).toBe('请输入退款原因');
    const gift = (await linesOf(t, Number(order.id))).find((l) => l.is_first_gift);
    if (gift) expect((await refund(t, finance, { orderId: Number(order.id), lines: [{ lineId: Number(gift.id), qty: 1 }] })).body.msg).toBe('赠品随订单全部退款时一并处理，不能单独退款');
    expect((await refund(t, finance, { orderId: 99_999_999 })).body.msg).toBe('订单不存在');
    expect(await orderRow(t, Number(order.id))).toMatchObject({ refund_money: 0, refund_state: 0, circulation_state: 3 });
    expect(await t.db.kysely.selectFrom('order_refunds').selectAll().where('order_id', '=', Number(order.id)).execute()).toEqual([]);
    await holds(Number(order.id));
  });
});
