import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyAfterSale,
  previewAfterSaleRefund,
  receiveAfterSaleReturn,
  refundAfterSale,
  reviewAfterSale,
  searchAfterSales,
  selectAfterSaleDetail,
  selectAfterSaleOptions,
  selectMyAfterSales,
  selectStaffAfterSaleDetail,
  shipOrder,
  staffLogin,
  submitAfterSaleWaybill,
  withdrawAfterSale,
} from '@shop/contract';
import { selectMyMessages } from '@shop/contract/notifications';
import { releaseIncome } from '../src/jobs/release-income.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { uploadVoucher } from './helpers/funds-paid-fixture.js';
import { balancesOf, linesOf, orderRow, payOrder, placeOrder, refund, refundBreaches, refundChain, setGoodsFund, type Agent } from './helpers/refund-fixture.js';
import { ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { DAY, SECOND } from './helpers/time.js';

/**
 * Agents' after-sales requests (spec 2, ADR 0036): the whole return journey with exact fen in the goods fund and the
 * network income, the window edges on an injected clock, quantities, one open request per order, the races of each
 * step, another agent's request, and the income release job holding an order with an open request.
 */
const t = useTestApp();

async function serviceLogin(app: TestApp) {
  const r = await staffCall(app, staffLogin, { username: 'kefu', password: STAFF_PASSWORD });
  return r.body.staffToken as string;
}
const incomeRows = (orderId: number) =>
  t.db.kysely.selectFrom('network_incomes').selectAll().where('source_kind', '=', 'order').where('source_id', '=', orderId).orderBy('agent_id').execute();
const storeChanges = (agentId: number, code: string) =>
  t.db.kysely.selectFrom('account_changes').select(['amount', 'change_state']).where('agent_id', '=', agentId).where('order_code', '=', code).where('account', '=', 'store').orderBy('id').execute();
const requestRow = (id: number) => t.db.kysely.selectFrom('after_sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lineOf = async (orderId: number, singleProdId: number) => (await linesOf(t, orderId)).find((l) => Number(l.single_prod_id) === singleProdId && !l.is_first_gift)!;
const setDays = (days: number) => t.db.kysely.updateTable('order_rules').set({ after_sale_days: days }).execute();

/** A paid goods-fund order of the chain's buyer: A × 3 (100.00, network income) and B × 2 (33.33, none). */
async function paidOrder(c: Awaited<ReturnType<typeof refundChain>>) {
  await setGoodsFund(t, c.buyer.agentId, 1_000_000);
  const placed = await placeOrder(t, c.buyer, [
    { singleProdId: c.a.singleProdId, buyNum: 3 },
    { singleProdId: c.b.singleProdId, buyNum: 2 },
  ]);
  return payOrder(t, c.buyer, Number(placed.id), 1);
}

/** Shipped by the warehouse, then received `ago` before now (the receipt itself is the orders-view's). */
async function received(orderId: number, ago: number) {
  const warehouse = await staffLoginAs(t, 'cangku');
  const ship = { orderId, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: `7${orderId}0001` }] };
  expect((await staffCall(t, shipOrder, ship, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
  await t.db.kysely.updateTable('orders').set({ circulation_state: 5, receipt_date: new Date(t.clock.now().getTime() - ago).toISOString() }).where('id', '=', orderId).execute();
}

const apply = (buyer: Agent, input: { orderId: number; kind: number; lines: { lineId: number; qty: number }[]; photos?: string[]; reason?: string; description?: string }) =>
  t.call(applyAfterSale, { reason: '商品破损', description: '外箱压坏，瓶身有裂纹', photos: [], ...input }, { token: buyer.token });

describe('the whole return journey (退货退款)', () => {
  it('apply with photos → service approves → waybill → warehouse receives → finance refunds: exact fen in both ledgers', async () => {
    const service = await serviceLogin(t);
    const warehouse = await staffLoginAs(t, 'cangku');
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    await received(orderId, 2 * DAY);
    const a = await lineOf(orderId, c.a.singleProdId);
    const b = await lineOf(orderId, c.b.singleProdId);
    const before = await balancesOf(t, c.buyer.agentId);
    const [midBefore, topBefore] = [await balancesOf(t, c.mid.agentId), await balancesOf(t, c.top.agentId)];
    const stock = [await stockOf(t, c.a.singleProdId), await stockOf(t, c.b.singleProdId)];

    const options = await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token });
    expect(options.body.obj).toMatchObject({ kinds: [1, 2], refusal: '', openId: null, days: 7 });
    expect(options.body.obj.lines.map((l: { left: number }) => l.left)).toEqual([3, 2]);

    const photos = [await uploadVoucher(t, c.buyer.token), await uploadVoucher(t, c.buyer.token)];
    const applied = await apply(c.buyer, { orderId, kind: 2, lines: [{ lineId: Number(a.id), qty: 1 }, { lineId: Number(b.id), qty: 1 }], photos });
    expect(applied.body).toMatchObject({ errorType: 'SUCCESS', msg: '售后申请已提交' });
    const id = Number(applied.body.obj.id);
    expect(applied.body.obj).toMatchObject({ kind: 2, kindText: '退货退款', state: 1, stateText: '待审核', qty: 2, reason: '商品破损' });
    expect(applied.body.obj.code).toBe(`SH${order.order_code}${id}`);
    expect(applied.body.obj.photos).toHaveLength(2);
    expect(applied.body.obj.photos[0]).toMatch(/^\/api\/common\/upload\/.+\?exp=\d+&v=a\d+&sig=/);

    // The staff list finds it by the agent's phone; the detail signs the photos for the staff member.
    const found = await staffCall(t, searchAfterSales, { state: 1, keyword: c.buyer.phone }, { staffToken: service });
    expect(found.body.objs.map((r: { id: number }) => r.id)).toEqual([id]);
    const staffView = await staffCall(t, selectStaffAfterSaleDetail, { id }, { staffToken: service });
    expect(staffView.body.obj.photos[0]).toMatch(/&v=s\d+&/);

    // The warehouse may not review; service approves: a return waits for the parcel.
    expect((await staffCall(t, reviewAfterSale, { id, approve: true }, { staffToken: warehouse })).body.errorType).not.toBe('SUCCESS');
    const approved = await staffCall(t, reviewAfterSale, { id, approve: true }, { staffToken: service });
    expect(approved.body.obj).toMatchObject({ state: 2, stateText: '待寄回' });

    // Finance cannot refund before the goods are back; the warehouse cannot receive before the waybill.
    expect((await staffCall(t, refundAfterSale, { id, idempotencyKey: randomUUID() }, { staffToken: finance })).body.msg).toBe('只有待退款的申请可以退款，请刷新后查看');
    expect((await staffCall(t, receiveAfterSaleReturn, { id }, { staffToken: warehouse })).body.msg).toBe('只有待收货的退货可以确认收货，请刷新后查看');

    const bad = await t.call(submitAfterSaleWaybill, { id, carrier: '顺丰速运', waybillCode: 'SF 12' }, { token: c.buyer.token });
    expect(bad.body.msg).toBe('快递单号应为6-30位字母或数字');
    const sent = await t.call(submitAfterSaleWaybill, { id, carrier: '顺丰速运', waybillCode: 'SF1234567890' }, { token: c.buyer.token });
    expect(sent.body.obj).toMatchObject({ state: 3, stateText: '待收货', carrier: '顺丰速运', waybillCode: 'SF1234567890' });

    const got = await staffCall(t, receiveAfterSaleReturn, { id }, { staffToken: warehouse });
    expect(got.body.obj).toMatchObject({ state: 4, stateText: '待退款' });
    // The goods are back on the shelf at the warehouse's receipt, before any money moves (ADR 0036).
    expect([await stockOf(t, c.a.singleProdId), await stockOf(t, c.b.singleProdId)]).toEqual([stock[0]! + 1, stock[1]! + 1]);
    // The income of the order is still frozen; nothing has moved yet.
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store);

    // 1 of 3 units of A (300.00 → 100.00) and 1 of 2 units of B (66.66 → floor 33.33): 133.33, back to the goods fund.
    const p = await staffCall(t, previewAfterSaleRefund, { id }, { staffToken: finance });
    // The stock came back at receipt: the refund itself returns none (no second return).
    expect(p.body.obj).toMatchObject({ amount: '133.33', storeAmount: '133.33', isFull: false, stockReturned: false, incomeCancelled: '25.00' });
    const key = randomUUID();
    const done = await staffCall(t, refundAfterSale, { id, idempotencyKey: key }, { staffToken: finance });
    expect(done.body).toMatchObject({ errorType: 'SUCCESS', msg: '退款已完成' });
    expect(done.body.obj).toMatchObject({ state: 5, stateText: '已退款', refund: { amount: '133.33', storeAmount: '133.33', wechatAmount: '0.00' } });
    // The same key again answers the same request and moves nothing twice.
    const again = await staffCall(t, refundAfterSale, { id, idempotencyKey: key }, { staffToken: finance });
    expect(again.body.obj.state).toBe(5);

    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + 13_333);
    expect(await storeChanges(c.buyer.agentId, order.order_code)).toEqual(expect.arrayContaining([{ amount: 13_333, change_state: 15 }]));
    // Network income (accrued with the refund, ADR 0034): mid earned 3 × 10.00, top 3 × 15.00; the one unit of A
    // returned cancels mid 10.00 and top 15.00 while frozen (award, code 19).
    expect((await balancesOf(t, c.mid.agentId)).frozen_award).toBe(midBefore.frozen_award + 3_000 - 1_000);
    expect((await balancesOf(t, c.top.agentId)).frozen_award).toBe(topBefore.frozen_award + 4_500 - 1_500);
    expect((await incomeRows(orderId)).map((r) => Number(r.cancelled_amount)).sort()).toEqual([1_000, 1_500]);
    // The goods came back once: their stock rose at receipt and not again with the refund.
    expect([await stockOf(t, c.a.singleProdId), await stockOf(t, c.b.singleProdId)]).toEqual([stock[0]! + 1, stock[1]! + 1]);
    expect(await orderRow(t, orderId)).toMatchObject({ circulation_state: 5, refund_state: 1, refund_money: 13_333 });
    expect(await refundBreaches(t, orderId)).toEqual([]);
    expect(await ledgerHolds(t)).toBe(true);
    expect((await requestRow(id)).is_open).toBe(0);

    // The agent follows every step with its time, newest state last.
    const mine = await t.call(selectAfterSaleDetail, { id }, { token: c.buyer.token });
    expect(mine.body.obj.steps.map((s: { title: string }) => s.title)).toEqual(['提交申请', '审核通过，请寄回商品', '已寄回', '仓库已收到退货', '退款完成']);
    for (const s of mine.body.obj.steps) expect(s.createDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await t.call(selectMyAfterSales, { state: 5 }, { token: c.buyer.token });
    expect(list.body.objs.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await t.call(selectMyAfterSales, { state: 1 }, { token: c.buyer.token })).body.objs).toEqual([]);

    // Every staff step is audited under its readable name.
    const audits = await t.db.kysely.selectFrom('audit_logs').select(['operation']).where('target_kind', '=', 'afterSale').where('target_id', '=', id).orderBy('id').execute();
    expect(audits.map((x) => x.operation)).toEqual(['reviewAfterSale', 'receiveAfterSaleReturn', 'refundAfterSale']);

    // ADR 0037: each step staff took is one message to the agent (the replayed refund key adds none), opening the request.
    const told = await t.call(selectMyMessages, { group: 'orders' }, { token: c.buyer.token });
    const afterSales = told.body.objs.filter((m: { kind: string }) => m.kind === 'afterSales');
    expect(afterSales.map((m: { title: string }) => m.title).sort()).toEqual(['售后已退款', '售后待寄回', '售后待退款'].sort());
    for (const m of afterSales) expect(m.link).toBe(`/afterSaleDetail?id=${id}`);
    const outbox = await t.db.kysely.selectFrom('notification_outbox').select('event_key').where('agent_id', '=', c.buyer.agentId).where('kind', '=', 'afterSales').execute();
    expect(outbox.map((r) => r.event_key).sort()).toEqual([`afterSale:${id}:2`, `afterSale:${id}:4`, `afterSale:${id}:5`]);
  });

  it('仅退款 before shipping: approve goes straight to 待退款; the stock returns; rejected and withdrawn requests end', async () => {
    const service = await serviceLogin(t);
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);

    // Not shipped: only 仅退款.
    expect((await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token })).body.obj.kinds).toEqual([1]);
    expect((await apply(c.buyer, { orderId, kind: 2, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.msg).toBe('订单尚未发货，只能申请仅退款');

    // Rejected without a reason is refused; with one it ends and a new request may be made.
    const first = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.obj.id);
    expect((await staffCall(t, reviewAfterSale, { id: first, approve: false }, { staffToken: service })).body.msg).toBe('驳回时请填写驳回原因');
    const rejected = await staffCall(t, reviewAfterSale, { id: first, approve: false, reason: '请先与客服沟通' }, { staffToken: service });
    expect(rejected.body.obj).toMatchObject({ state: 6, stateText: '已驳回', rejectReason: '请先与客服沟通' });

    const second = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 2 }] })).body.obj.id);
    expect((await t.call(withdrawAfterSale, { id: second }, { token: c.buyer.token })).body.obj).toMatchObject({ state: 7, stateText: '已撤销' });
    expect((await t.call(withdrawAfterSale, { id: second }, { token: c.buyer.token })).body.msg).toBe('只有待审核的申请可以撤销，请刷新后查看进度');

    const stockA = await stockOf(t, c.a.singleProdId);
    const before = await balancesOf(t, c.buyer.agentId);
    const third = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 2 }] })).body.obj.id);
    expect((await staffCall(t, reviewAfterSale, { id: third, approve: true }, { staffToken: finance })).body.obj.state).toBe(4);
    const done = await staffCall(t, refundAfterSale, { id: third, idempotencyKey: randomUUID() }, { staffToken: finance });
    expect(done.body.obj).toMatchObject({ state: 5, refund: { amount: '200.00', storeAmount: '200.00' } });
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + 20_000);
    expect(await stockOf(t, c.a.singleProdId)).toBe(stockA + 2);
    expect(await refundBreaches(t, orderId)).toEqual([]);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('the window, quantities and one open request', () => {
  it('within N days after receipt the last instant included, one second later refused; the setting moves it', async () => {
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);
    await received(orderId, 7 * DAY);
    expect((await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token })).body.obj.kinds).toEqual([1, 2]);

    t.clock.advance(SECOND);
    const late = await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token });
    expect(late.body.obj).toMatchObject({ kinds: [], refusal: '已超过确认收货后7天的售后期限，如有问题请联系客服' });
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.msg).toBe('已超过确认收货后7天的售后期限，如有问题请联系客服');

    await setDays(8);
    try {
      expect((await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token })).body.obj.kinds).toEqual([1, 2]);
    } finally {
      await setDays(7);
    }
    expect(await t.db.kysely.selectFrom('after_sales').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
  });

  it('quantities over bought − refunded − asked are refused; bad input changes nothing; one open request per order', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);
    const b = await lineOf(orderId, c.b.singleProdId);

    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 4 }] })).body.msg).toBe('「测试商品」最多还可申请 3 件，请调整数量');
    // Finance refunds one unit directly: two are left.
    expect((await refund(t, finance, { orderId, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.errorType).toBe('SUCCESS');
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 3 }] })).body.msg).toBe('「测试商品」最多还可申请 2 件，请调整数量');
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }, { lineId: Number(a.id), qty: 1 }] })).body.msg).toBe('同一商品只能选择一次，请合并数量');
    expect((await apply(c.buyer, { orderId, kind: 1, reason: '随便写的', lines: [{ lineId: Number(a.id), qty: 1 }] })).body.msg).toBe('请选择售后原因');
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [] })).body.msg).toBe('请选择要售后的商品和数量');
    const seven = Array.from({ length: 7 }, () => '/api/common/upload/x.jpg');
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }], photos: seven })).body.msg).toBe('最多上传6张图片');
    // A photo someone else uploaded is not this agent's voucher.
    const other = await refundChain(t);
    const foreign = await uploadVoucher(t, other.buyer.token);
    expect((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }], photos: [foreign] })).body.msg).toBe('图片无效，请重新上传');
    expect(await t.db.kysely.selectFrom('after_sales').select('id').where('order_id', '=', orderId).execute()).toEqual([]);

    // Two applications at once: one open request per order.
    const both = await Promise.all([
      apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] }),
      apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(b.id), qty: 1 }] }),
    ]);
    expect(both.map((r) => r.body.errorType === 'SUCCESS').filter(Boolean)).toHaveLength(1);
    expect(both.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toBe('该订单已有进行中的售后申请，请在我的售后中查看进度');
    expect(await t.db.kysely.selectFrom('after_sales').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    const opts = await t.call(selectAfterSaleOptions, { orderId }, { token: c.buyer.token });
    expect(opts.body.obj).toMatchObject({ kinds: [], refusal: '该订单已有进行中的售后申请，请在我的售后中查看进度' });
  });
});

describe('races and ownership', () => {
  it('approve against approve, withdraw against approve, refund against refund: one wins, the other is told', async () => {
    const service = await serviceLogin(t);
    const finance = await staffLoginAs(t, 'caiwu');
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);

    const id1 = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.obj.id);
    const approvals = await Promise.all([
      staffCall(t, reviewAfterSale, { id: id1, approve: true }, { staffToken: service }),
      staffCall(t, reviewAfterSale, { id: id1, approve: true }, { staffToken: finance }),
    ]);
    expect(approvals.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(approvals.find((r) => r.body.errorType !== 'SUCCESS')!.body.msg).toBe('该申请已审核或已撤销，请刷新后查看');
    const steps1 = await t.db.kysely.selectFrom('after_sale_steps').select('title').where('after_sale_id', '=', id1).execute();
    expect(steps1.map((s) => s.title)).toEqual(['提交申请', '审核通过，等待退款']);

    // Two finance refunds at once (two keys): decided once, the money moved once.
    const before = await balancesOf(t, c.buyer.agentId);
    const refunds = await Promise.all([
      staffCall(t, refundAfterSale, { id: id1, idempotencyKey: randomUUID() }, { staffToken: finance }),
      staffCall(t, refundAfterSale, { id: id1, idempotencyKey: randomUUID() }, { staffToken: finance }),
    ]);
    expect(refunds.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect((await balancesOf(t, c.buyer.agentId)).last_store).toBe(before.last_store + 10_000);
    expect(await t.db.kysely.selectFrom('order_refunds').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    expect(await refundBreaches(t, orderId)).toEqual([]);

    // Withdraw against approve: whichever wins, the request is in its state and the loser changed nothing.
    const id2 = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.obj.id);
    const [w, ap] = await Promise.all([
      t.call(withdrawAfterSale, { id: id2 }, { token: c.buyer.token }),
      staffCall(t, reviewAfterSale, { id: id2, approve: true }, { staffToken: service }),
    ]);
    expect([w.body.errorType, ap.body.errorType].filter((x) => x === 'SUCCESS')).toHaveLength(1);
    const row = await requestRow(id2);
    expect(row.state).toBe(w.body.errorType === 'SUCCESS' ? 7 : 4);
    const steps2 = await t.db.kysely.selectFrom('after_sale_steps').select('title').where('after_sale_id', '=', id2).execute();
    expect(steps2).toHaveLength(2);
  });

  it("another agent's request and order read as not found and cannot be moved", async () => {
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);
    const id = Number((await apply(c.buyer, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.obj.id);
    const other = c.mid;
    expect((await t.call(selectAfterSaleDetail, { id }, { token: other.token })).body.msg).toBe('售后申请不存在');
    expect((await t.call(withdrawAfterSale, { id }, { token: other.token })).body.msg).toBe('售后申请不存在');
    expect((await t.call(submitAfterSaleWaybill, { id, carrier: '顺丰速运', waybillCode: 'SF1234567890' }, { token: other.token })).body.msg).toBe('售后申请不存在');
    expect((await t.call(selectAfterSaleOptions, { orderId }, { token: other.token })).body.errorType).not.toBe('SUCCESS');
    expect((await apply(other, { orderId, kind: 1, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.errorType).not.toBe('SUCCESS');
    expect((await t.call(selectMyAfterSales, {}, { token: other.token })).body.objs).toEqual([]);
    expect((await requestRow(id)).state).toBe(1);
  });
});

describe('the income release job', () => {
  it('skips an order with an open request; when it is rejected the income is released as due', async () => {
    const service = await serviceLogin(t);
    const c = await refundChain(t);
    const order = await paidOrder(c);
    const orderId = Number(order.id);
    const a = await lineOf(orderId, c.a.singleProdId);
    // Received 7 days ago: the income is due today (release days 7) and the window still open.
    await t.db.kysely.updateTable('income_settings').set({ release_days: 7 }).execute();
    await received(orderId, 7 * DAY);
    const id = Number((await apply(c.buyer, { orderId, kind: 2, lines: [{ lineId: Number(a.id), qty: 1 }] })).body.obj.id);
    const midBefore = await balancesOf(t, c.mid.agentId);

    await releaseIncome(t, t.clock.now());
    const rows = await incomeRows(orderId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state === 0)).toBe(true);
    expect((await balancesOf(t, c.mid.agentId)).lave_income).toBe(midBefore.lave_income);

    await staffCall(t, reviewAfterSale, { id, approve: false, reason: '商品无质量问题' }, { staffToken: service });
    await releaseIncome(t, t.clock.now());
    expect((await incomeRows(orderId)).every((r) => r.state === 1)).toBe(true);
    // mid earned 3 × 10.00 on A.
    expect((await balancesOf(t, c.mid.agentId)).lave_income).toBe(midBefore.lave_income + 3_000);
    expect(await ledgerHolds(t)).toBe(true);

    // ADR 0037: each released row tells its earner once (a second job run adds nothing), with the amount and the order.
    await releaseIncome(t, t.clock.now());
    for (const r of await incomeRows(orderId)) {
      const told = await t.db.kysely.selectFrom('notifications').selectAll().where('event_key', '=', `income:${r.id}:released`).execute();
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ agent_id: Number(r.agent_id), kind: 'income', title: '收益已解冻', link: '/frozenIncome' });
      expect(told[0]!.body).toContain(`${(Number(r.amount) / 100).toFixed(2)}`);
      expect(told[0]!.body).toContain(order.order_code);
    }
  });
});
