import { describe, expect, it } from 'vitest';
import { refundWechatPayment, resolveReconcileDiff, runReconcile, selectReconcileDiffs } from '@shop/contract';
import { chinaDate, DAY } from '../src/lib/clock.js';
import { reconcileBills } from '../src/jobs/reconcile-bills.js';
import { scheduledJobs } from '../src/compose.js';
import { matchBills } from '../src/modules/payment/payment.queries.js';
import type { WechatPayProvider } from '../src/providers/wechatpay/wechatpay-provider.js';
import { useTestApp } from './helpers/app.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { depsOf, orderRow, payByWechat, paymentRow, placeWechatOrder, sandboxOf, setGoodsFund, simulate, storeChanges, wechatBuyer, wechatOf } from './helpers/wechatpay-fixture.js';

// ADR 0032, reference §8.1: yesterday's WeChat Pay bills matched with our payments and refunds; the 对账差异 queue.
const t = useTestApp();

const diffsOf = (billDate: string) => t.db.kysely.selectFrom('reconcile_diffs').selectAll().where('bill_date', '=', billDate).orderBy('id').execute();
const audits = (id: number) => t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'reconcileDiff').where('target_id', '=', id).execute();

/** Each test pays on a day of its own: the clock moves a day on, so no other test's payments are in its bills. */
function newDay() {
  t.clock.advance(DAY);
  return chinaDate(t.clock.now());
}

async function buyer() {
  const b = await wechatBuyer(t, '13800000001');
  await setGoodsFund(t, b.agentId, 0);
  return b;
}

/** A WeChat payment started and not yet paid. */
async function pending(amount = 9_900) {
  const b = await buyer();
  const order = await placeWechatOrder(t, b, amount);
  const { outTradeNo } = await payByWechat(t, b, order.id);
  return { b, order, outTradeNo };
}

/** A WeChat payment paid through the sandbox's pay sheet (its notification credits the order). */
async function paid(amount = 9_900) {
  const p = await pending(amount);
  expect((await simulate(t, p.b.token, p.outTradeNo, 'pay')).status).toBe(200);
  expect(await paymentRow(t, p.outTradeNo)).toMatchObject({ state: 1 });
  return p;
}

/** The app's deps with the sandbox's bills changed by `patch` (what WeChat's bill says that we do not). */
function withBills(patch: Partial<WechatPayProvider>) {
  const base = depsOf(t);
  const provider = Object.assign(Object.create(sandboxOf(t)) as WechatPayProvider, patch);
  return { ...base, providers: { ...base.providers, wechatPay: provider } };
}

describe('the daily reconciliation job (sandbox bills end to end)', () => {
  it('is one of the scheduled jobs', () => {
    expect(scheduledJobs(depsOf(t)).map((j) => j.name)).toContain('reconcile-wechat-bills');
  });

  it('matches yesterday’s payments and refunds with the sandbox’s bills: nothing differs, and the day is done once', async () => {
    const day = newDay();
    const one = await paid(12_300);
    const two = await paid(4_500);
    // The second order is closed by hand and refunded by finance through the payment wing.
    await t.db.kysely.updateTable('orders').set({ circulation_state: 6 }).where('id', '=', two.order.id).execute();
    const finance = await staffLoginAs(t, 'caiwu');
    const refund = await staffCall(t, refundWechatPayment, { paymentId: Number((await paymentRow(t, two.outTradeNo)).id), reason: '订单已关闭' }, { staffToken: finance });
    expect(refund.body.msg).toBe('退款已提交');

    // Before 10:00 the next day the bill is not made: nothing is done.
    t.clock.advance(DAY - 3 * 3_600_000 - 1);
    expect(await reconcileBills(depsOf(t), t.clock.now())).toBeNull();
    t.clock.advance(3 * 3_600_000 + 1);
    const run = await reconcileBills(depsOf(t), t.clock.now());
    expect(run).toEqual({ billDate: day, tradeRows: 3, refundRows: 1, added: 0 }); // two payments and the refund row of ALL
    expect(await diffsOf(day)).toEqual([]);
    // The day is done: the next ticks do nothing.
    expect(await reconcileBills(depsOf(t), t.clock.now())).toBeNull();
    expect(await t.db.kysely.selectFrom('reconcile_runs').selectAll().where('bill_date', '=', day).execute()).toHaveLength(1);
    expect(one.order.id).toBeGreaterThan(0);
  });
});

describe('each kind of difference is found once and resolved once', () => {
  it('plants the four kinds, finds each once however often and however concurrently it runs, and resolves each as finance would', async () => {
    const day = newDay();
    // paid at WeChat but not credited: the notification never came
    const lost = await pending(10_100);
    sandboxOf(t).markPaid(lost.outTradeNo, t.clock.now());
    // credited but not at WeChat: our side marked it paid, WeChat never took the money
    const phantom = await pending(10_200);
    expect(await wechatOf(t).settle({ outTradeNo: phantom.outTradeNo, transactionId: '4200phantom', amountFen: phantom.order.actualMoney })).toBe('paid');
    // amount differs: WeChat's bill says one fen more
    const off = await paid(10_300);
    // refund differs: WeChat's refund bill says less than we refunded
    const refunded = await paid(10_400);
    await t.db.kysely.updateTable('orders').set({ circulation_state: 6 }).where('id', '=', refunded.order.id).execute();
    const finance = await staffLoginAs(t, 'caiwu');
    const refundedPayment = await paymentRow(t, refunded.outTradeNo);
    expect((await staffCall(t, refundWechatPayment, { paymentId: Number(refundedPayment.id), reason: '订单已关闭' }, { staffToken: finance })).body.msg).toBe('退款已提交');

    const sandbox = sandboxOf(t);
    const deps = withBills({
      downloadTradeBill: async (d) => {
        const bill = await sandbox.downloadTradeBill(d);
        return { ...bill, rows: bill.rows.map((r) => (r.outTradeNo === off.outTradeNo && r.tradeState === 'SUCCESS' ? { ...r, totalFen: r.totalFen + 1 } : r)) };
      },
      downloadRefundBill: async (d) => {
        const bill = await sandbox.downloadRefundBill(d);
        return { ...bill, rows: bill.rows.map((r) => ({ ...r, refundFen: r.refundFen - 100 })) };
      },
    });
    const runs = await Promise.all([matchBills(deps, day, '系统'), matchBills(deps, day, '系统')]);
    expect(runs[0]!.added + runs[1]!.added).toBe(4);
    expect((await matchBills(deps, day, '系统')).added).toBe(0);
    const found = await diffsOf(day);
    const byKind = Object.fromEntries(found.map((d) => [d.kind, d]));
    expect(found.map((d) => d.kind).sort()).toEqual(['amount_differs', 'credited_not_at_wechat', 'paid_not_credited', 'refund_differs']);
    expect(byKind.paid_not_credited).toMatchObject({ out_trade_no: lost.outTradeNo, wechat_amount: lost.order.actualMoney, our_amount: lost.order.actualMoney, state: 0 });
    expect(byKind.credited_not_at_wechat).toMatchObject({ out_trade_no: phantom.outTradeNo, wechat_amount: null, our_amount: phantom.order.actualMoney });
    expect(byKind.amount_differs).toMatchObject({ out_trade_no: off.outTradeNo, wechat_amount: off.order.actualMoney + 1, our_amount: off.order.actualMoney });
    expect(byKind.refund_differs).toMatchObject({ out_trade_no: refunded.outTradeNo, out_refund_no: `R${refunded.outTradeNo}`, wechat_amount: refunded.order.actualMoney - 100, our_amount: refunded.order.actualMoney });

    // The console's list: open ones of the day, with the agent and what was paid for, amounts in yuan.
    const admin = await staffLoginAs(t, 'admin');
    const list = await staffCall(t, selectReconcileDiffs, { phonePage: { pageNum: 1, pageSize: 10 }, state: 0, billDate: day }, { staffToken: finance });
    expect(list.body.obj.total).toBe(4);
    expect(list.body.objs.find((r: any) => r.kind === 'amount_differs')).toMatchObject({
      kindText: '金额不一致',
      wechatAmount: ((off.order.actualMoney + 1) / 100).toFixed(2),
      ourAmount: (off.order.actualMoney / 100).toFixed(2),
      subject: `订单 ${off.order.orderCode}`,
      agentPhone: '13800000001',
      stateText: '待处理',
    });
    const resolve = (id: number, action: string, reason = '', staffToken = finance) => staffCall(t, resolveReconcileDiff, { id, action, reason }, { staffToken });

    // 1. Paid at WeChat, not credited: 查询微信并入账 by two members at once credits the order exactly once.
    const lostId = Number(byKind.paid_not_credited!.id);
    const both = await Promise.all([resolve(lostId, 'credit', '', finance), resolve(lostId, 'credit', '', admin)]);
    expect(both.map((r) => r.body.msg).sort()).toEqual(['已处理', '这条差异已被处理，请刷新列表查看结果'].sort());
    expect(await orderRow(t, lost.order.id)).toMatchObject({ circulation_state: 3, pay_serial: lost.outTradeNo });
    expect(await paymentRow(t, lost.outTradeNo)).toMatchObject({ state: 1 });
    expect(await storeChanges(t, lost.order.orderCode)).toEqual([]); // paid wholly by WeChat: no goods-fund record
    // One audit row. Its reason is whatever the winner of the row's compare-and-set saw: 已入账 when it credited the
    // payment itself, 此前已入账 when the other click's call (which then lost the row) had just credited it.
    const resolved = await audits(lostId);
    expect(resolved).toEqual([expect.objectContaining({ operation: 'resolveReconcileDiff', before_state: '微信已收款，我方未入账（待处理）', after_state: '已查询入账' })]);
    expect(['已入账', '此前已入账']).toContain(resolved[0]!.reason);
    expect((await resolve(lostId, 'explain', '重复')).body.msg).toBe('这条差异已被处理，请刷新列表查看结果');

    // 2. Credited but not at WeChat: WeChat says NOTPAY, nothing to credit; explained with a reason (a reason is needed).
    const phantomId = Number(byKind.credited_not_at_wechat!.id);
    expect((await resolve(phantomId, 'credit')).body.msg).toBe('微信显示这笔支付未成功（状态：NOTPAY），不能入账；请核实后标记已说明');
    expect((await resolve(phantomId, 'explain', '   ')).body.msg).toBe('请填写处理说明');
    expect((await diffsOf(day)).find((d) => d.id === byKind.credited_not_at_wechat!.id)).toMatchObject({ state: 0 });
    expect((await resolve(phantomId, 'explain', '测试数据，已人工冲正')).body.msg).toBe('已处理');
    expect(await audits(phantomId)).toEqual([expect.objectContaining({ after_state: '已说明', reason: '测试数据，已人工冲正', staff_name: 'caiwu' })]);

    // 3. Amount differs: it cannot be credited; refunded through the payment wing once its order is closed.
    const offId = Number(byKind.amount_differs!.id);
    expect((await resolve(offId, 'refund', '金额不符，全额退回')).body.msg).toBe('只有订单已关闭或未入账的微信支付可以退款');
    await t.db.kysely.updateTable('orders').set({ circulation_state: 6 }).where('id', '=', off.order.id).execute();
    expect((await resolve(offId, 'refund', '金额不符，全额退回')).body.msg).toBe('已处理');
    const offPayment = await paymentRow(t, off.outTradeNo);
    expect(await t.db.kysely.selectFrom('refunds').selectAll().where('payment_id', '=', Number(offPayment.id)).execute()).toEqual([
      expect.objectContaining({ amount: off.order.actualMoney, state: 1, reason: '金额不符，全额退回' }),
    ]);

    // 4. Refund differs: not creditable; explained.
    const refundId = Number(byKind.refund_differs!.id);
    expect((await resolve(refundId, 'credit')).body.msg).toBe('退款差异不能入账；请核实后退款或标记已说明');
    expect((await resolve(refundId, 'explain', '微信手续费差额，已与微信核对')).body.msg).toBe('已处理');

    const open = await staffCall(t, selectReconcileDiffs, { phonePage: { pageNum: 1, pageSize: 10 }, state: 0, billDate: day }, { staffToken: finance });
    expect(open.body.obj.total).toBe(0);
    const done = await staffCall(t, selectReconcileDiffs, { phonePage: { pageNum: 1, pageSize: 10 }, state: 1, billDate: day }, { staffToken: finance });
    expect(done.body.objs.map((r: any) => r.resolutionText).sort()).toEqual(['已查询入账', '已说明', '已说明', '已退款'].sort());
  });

  it('staff run a chosen past day through the console; today or a later day is refused; a run adds nothing twice', async () => {
    const day = newDay();
    const lost = await pending(3_300);
    sandboxOf(t).markPaid(lost.outTradeNo, t.clock.now());
    let finance = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, runReconcile, { billDate: day }, { staffToken: finance })).body.msg).toBe('只能对账昨天及以前的账单，请选择更早的日期');
    expect((await staffCall(t, runReconcile, { billDate: '2026-1-1' }, { staffToken: finance })).body.msg).toBe('请选择正确的账单日期');
    t.clock.advance(DAY);
    finance = await staffLoginAs(t, 'caiwu'); // a staff session does not last a day
    const first = await staffCall(t, runReconcile, { billDate: day }, { staffToken: finance });
    expect(first.body).toMatchObject({ errorType: 'SUCCESS', msg: '对账完成', obj: { billDate: day, tradeRows: 1, refundRows: 0, added: 1 } });
    expect((await staffCall(t, runReconcile, { billDate: day }, { staffToken: finance })).body.obj.added).toBe(0);
    expect(await diffsOf(day)).toEqual([expect.objectContaining({ kind: 'paid_not_credited', out_trade_no: lost.outTradeNo })]);
    // The job does not run the day again either.
    expect(await reconcileBills(depsOf(t), t.clock.now())).toBeNull();
    // The warehouse and the operator see none of it.
    for (const who of ['cangku'] as const) {
      const token = await staffLoginAs(t, who);
      expect((await staffCall(t, selectReconcileDiffs, {}, { staffToken: token })).body).toMatchObject({ errorType: 'FORBIDDEN' });
      expect((await staffCall(t, resolveReconcileDiff, { id: 1, action: 'explain', reason: 'x' }, { staffToken: token })).body).toMatchObject({ errorType: 'FORBIDDEN' });
    }
  });
});
