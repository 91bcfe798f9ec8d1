import { describe, expect, it } from 'vitest';
import { closeOrderByStaff, refundWechatPayment, reviewOfflinePayment, selectStaffOrderDetail, shipOrder } from '@shop/contract';
import { closeOrder } from '../src/flows/close-order.js';
import { useTestApp } from './helpers/app.js';
import { orderInState, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { stockOf } from './helpers/shop-fixture.js';
import { depsOf, paymentRow, payByWechat, placeWechatOrder, sandboxOf, setGoodsFund, wechatBuyer, wechatOf } from './helpers/wechatpay-fixture.js';

const t = useTestApp();
const STATE_CHANGED = '订单状态已变化，请刷新后重试';

const audits = (kind: string, id: number, operation: string) =>
  t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', kind).where('target_id', '=', id).where('operation', '=', operation).execute();
const orderRow = (id: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (paymentId: number) => t.db.kysely.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();

describe('reviewOfflinePayment and shipOrder are audited', () => {
  it('two finance staff approving the same offline payment at once: one wins, the other is told, one audit record', async () => {
    const [a, b] = [await staffLoginAs(t, 'caiwu'), await staffLoginAs(t, 'admin')];
    const o = await orderInState(t, 2, { receipt: true });
    const replies = await Promise.all([a, b].map((staffToken) => staffCall(t, reviewOfflinePayment, { orderId: o.orderId, approve: true }, { staffToken })));
    expect(replies.map((r) => r.body.msg).sort()).toEqual(['审核通过', STATE_CHANGED].sort());
    expect((await orderRow(o.orderId)).circulation_state).toBe(3);
    const records = await audits('order', o.orderId, 'reviewOfflinePayment');
    expect(records).toEqual([expect.objectContaining({ before_state: '2', after_state: '3', amount: (await orderRow(o.orderId)).actual_money, ip: t.ip })]);
    expect(['caiwu', 'admin']).toContain(records[0]!.staff_name);
  });

  it('a rejection records its reason; a shipment records who shipped', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const o = await orderInState(t, 2, { receipt: true });
    expect((await staffCall(t, reviewOfflinePayment, { orderId: o.orderId, approve: false, reason: '凭证不清晰' }, { staffToken: finance })).body.msg).toBe('已驳回');
    expect(await audits('order', o.orderId, 'reviewOfflinePayment')).toEqual([expect.objectContaining({ role: 'finance', after_state: '1', reason: '凭证不清晰' })]);
    const warehouse = await staffLoginAs(t, 'cangku');
    const s = await orderInState(t, 3);
    const ship = { orderId: s.orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: '638650888099' }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    expect(await audits('order', s.orderId, 'shipOrder')).toEqual([expect.objectContaining({ staff_name: 'cangku', role: 'warehouse', detail: expect.stringContaining('638650888099') })]);
  });
});

describe('closeOrderByStaff', () => {
  it('closes an unpaid order with the reason, gives the stock back and records it', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    const o = await orderInState(t, 1);
    const line = await t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', o.orderId).executeTakeFirstOrThrow();
    const stock = await stockOf(t, Number(line.single_prod_id));
    const reply = await staffCall(t, closeOrderByStaff, { orderId: o.orderId, reason: '客户电话要求取消' }, { staffToken });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '订单已关闭', obj: { id: o.orderId, circulationState: 6 } });
    expect(await orderRow(o.orderId)).toMatchObject({ circulation_state: 6, close_reason: '客户电话要求取消' });
    expect(await stockOf(t, Number(line.single_prod_id))).toBe(stock + line.buy_num);
    expect(await audits('order', o.orderId, 'closeOrderByStaff')).toEqual([expect.objectContaining({ staff_name: 'admin', before_state: '1', after_state: '6', reason: '客户电话要求取消' })]);
    const d = (await staffCall(t, selectStaffOrderDetail, { orderId: o.orderId }, { staffToken })).body.obj;
    expect(d.logs.at(-1)).toMatchObject({ orderState: 6, optName: '关闭订单', optBy: 'staff:admin', optRemark: '客户电话要求取消' });
  });

  it('refuses a paid order, a missing reason, another platform and the warehouse; two closes at once close once', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    const paid = await orderInState(t, 3);
    expect((await staffCall(t, closeOrderByStaff, { orderId: paid.orderId, reason: 'x' }, { staffToken })).body.msg).toBe('只有待付款的订单可以关闭');
    const o = await orderInState(t, 1);
    expect((await staffCall(t, closeOrderByStaff, { orderId: o.orderId, reason: '  ' }, { staffToken })).body.msg).toBe('请输入关闭原因');
    expect((await staffCall(t, closeOrderByStaff, { orderId: o.orderId, reason: 'x'.repeat(201) }, { staffToken })).body.msg).toBe('关闭原因不能超过200个字');
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await staffCall(t, closeOrderByStaff, { orderId: o.orderId, reason: 'x' }, { staffToken: warehouse })).body.errorType).toBe('FORBIDDEN');
    const finance = await staffLoginAs(t, 'caiwu');
    const both = await Promise.all([staffToken, finance].map((s) => staffCall(t, closeOrderByStaff, { orderId: o.orderId, reason: '重复' }, { staffToken: s })));
    expect(both.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(both.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toMatch(/^(订单状态已变化，请刷新后重试|只有待付款的订单可以关闭)$/);
    expect(await audits('order', o.orderId, 'closeOrderByStaff')).toHaveLength(1);
    const other = await orderInState(t, 1);
    await t.db.kysely.updateTable('orders').set({ plat_id: 'plat-other' }).where('id', '=', other.orderId).execute();
    expect((await staffCall(t, closeOrderByStaff, { orderId: other.orderId, reason: 'x' }, { staffToken })).body.msg).toBe('订单不存在');
  });
});

describe('refundWechatPayment', () => {
  /** A WeChat-paid order (payment state 1, order 3). */
  async function paidByWechat(phone = '13800000001') {
    const buyer = await wechatBuyer(t, phone);
    await setGoodsFund(t, buyer.agentId, 0);
    const order = await placeWechatOrder(t, buyer, 9_900);
    const { outTradeNo } = await payByWechat(t, buyer, order.id);
    sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    expect(await wechatOf(t).settle({ outTradeNo, transactionId: `tx-${outTradeNo}`, amountFen: order.actualMoney })).toBe('paid');
    return { order, payment: await paymentRow(t, outTradeNo) };
  }

  it('refunds a paid payment whose order is closed, in full, once, with an audit record in fen', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const { order, payment } = await paidByWechat();
    const input = { paymentId: Number(payment.id), reason: '订单已关闭，退回货款' };
    expect((await staffCall(t, refundWechatPayment, input, { staffToken: finance })).body.msg).toBe('只有订单已关闭或未入账的微信支付可以退款');
    await t.db.kysely.updateTable('orders').set({ circulation_state: 6 }).where('id', '=', order.id).execute(); // closed by hand at the time

    const detail = async () => (await staffCall(t, selectStaffOrderDetail, { orderId: order.id }, { staffToken: finance })).body.obj;
    expect((await detail()).payments).toEqual([expect.objectContaining({ id: Number(payment.id), state: 1, refundable: true })]);
    const admin = await staffLoginAs(t, 'admin');
    const both = await Promise.all([finance, admin].map((s) => staffCall(t, refundWechatPayment, input, { staffToken: s })));
    // One records the refund; the other is told it changed, is already refunded, or was already being refunded.
    const won = both.filter((r) => r.body.msg === '退款已提交');
    expect(won).toHaveLength(1);
    expect(won[0]!.body).toMatchObject({ errorType: 'SUCCESS', obj: { paymentId: Number(payment.id), refundState: 1, refundStateText: '已退款' } });
    expect(both.find((r) => r !== won[0])!.body.msg).toMatch(/^(该支付的状态已变化，请刷新后重试|该支付已退款|该支付已在退款中，已再次向微信支付发起退款)$/);
    expect(await refundsOf(Number(payment.id))).toEqual([expect.objectContaining({ amount: payment.amount, state: 1, reason: input.reason })]);
    const recorded = (await audits('wechatPayment', Number(payment.id), 'refundWechatPayment')).filter((a) => !a.detail.endsWith('asked again'));
    expect(recorded).toEqual([expect.objectContaining({ amount: payment.amount, before_state: '1', after_state: '4' })]);
    expect((await detail()).payments[0]).toMatchObject({ state: 4, refundable: false });
    expect((await detail()).refunds).toEqual([expect.objectContaining({ refundState: 1, refundMoney: (payment.amount / 100).toFixed(2) })]);
    expect((await staffCall(t, refundWechatPayment, input, { staffToken: finance })).body.msg).toBe('该支付已退款');
  });

  it('asks again for the automatic refund of a late payment that WeChat could not be reached for', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const buyer = await wechatBuyer(t, '13800000001');
    await setGoodsFund(t, buyer.agentId, 0);
    const order = await placeWechatOrder(t, buyer, 8_800);
    const { outTradeNo } = await payByWechat(t, buyer, order.id);
    const base = depsOf(t);
    const down = async () => {
      throw new Error('WeChat unreachable');
    };
    const lossy = Object.assign(Object.create(sandboxOf(t)), { close: async () => undefined, refund: down });
    const deps = { ...base, providers: { ...base.providers, wechatPay: lossy } };
    expect(await closeOrder(deps, { orderId: order.id, to: 6, reason: '不想要了', by: 'test', at: t.clock.now() }, wechatOf(t, deps))).toBe(true);
    sandboxOf(t).markPaid(outTradeNo, t.clock.now());
    expect(await wechatOf(t, deps).settle({ outTradeNo, transactionId: 'tx-late', amountFen: order.actualMoney })).toBe('orphan');
    const payment = await paymentRow(t, outTradeNo);
    expect(await refundsOf(Number(payment.id))).toEqual([expect.objectContaining({ state: 0 })]);

    const reply = await staffCall(t, refundWechatPayment, { paymentId: Number(payment.id), reason: '重新发起退款' }, { staffToken: finance });
    expect(reply.body).toMatchObject({ msg: '该支付已在退款中，已再次向微信支付发起退款', obj: { refundState: 1, refundStateText: '已退款' } });
    expect(await audits('wechatPayment', Number(payment.id), 'refundWechatPayment')).toEqual([expect.objectContaining({ amount: payment.amount, detail: expect.stringContaining('asked again') })]);
    expect(await refundsOf(Number(payment.id))).toEqual([expect.objectContaining({ state: 1 })]);
  });

  it('refuses an unpaid payment, an unknown or foreign one, a bad reason and the warehouse', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const buyer = await wechatBuyer(t, '13800000001');
    await setGoodsFund(t, buyer.agentId, 0);
    const order = await placeWechatOrder(t, buyer);
    const { outTradeNo } = await payByWechat(t, buyer, order.id);
    const open = await paymentRow(t, outTradeNo);
    const call = (input: Record<string, unknown>, staffToken = finance) => staffCall(t, refundWechatPayment, input, { staffToken });
    expect((await call({ paymentId: Number(open.id), reason: '退款' })).body.msg).toBe('该微信支付未成功，无需退款');
    expect((await call({ paymentId: 999_999, reason: '退款' })).body.msg).toBe('支付记录不存在');
    expect((await call({ paymentId: Number(open.id), reason: '' })).body.msg).toBe('请输入退款原因');
    expect((await call({ paymentId: Number(open.id), reason: 'x'.repeat(81) })).body.msg).toBe('退款原因不能超过80个字');
    expect((await call({ paymentId: Number(open.id), reason: '退款' }, await staffLoginAs(t, 'cangku'))).body.errorType).toBe('FORBIDDEN');
    await t.db.kysely.updateTable('wechat_payments').set({ plat_id: 'plat-other' }).where('id', '=', Number(open.id)).execute();
    expect((await call({ paymentId: Number(open.id), reason: '退款' })).body.msg).toBe('支付记录不存在');
    expect(await refundsOf(Number(open.id))).toEqual([]);
  });
});
