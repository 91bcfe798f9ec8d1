import { beforeAll, describe, expect, it } from 'vitest';
import { closeDealApp, orderReceiveDeal, saveOrderInfo, selectOrderInfoByOrderId, selectOrderInfoList } from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { DAY, MINUTE } from './helpers/time.js';

const t = useTestApp();
const PASSWORD = 'demo1234';
const A = '13800000001'; // 张明: goods fund, income and 2000 points
const B = '13800000004'; // 赵强: pays offline; the intruder of the two-agent tests
const STATE_CHANGED = '订单状态已变化，请刷新后重试';

// The demo grades carry gift items; these tests add their own where they need one.
beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

async function buyer(phone: string) {
  const { token, user } = await t.login(phone, PASSWORD);
  return { token, user, addressId: await addAddress(t, token) };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

async function place(b: Buyer, singleProdId: number, extra: Record<string, unknown> = {}) {
  const reply = await t.call(
    saveOrderInfo,
    { orderType: 1, payType: 1, addressId: b.addressId, orderProductDetailBos: [{ singleProdId, buyNum: 2 }], ...extra },
    { token: b.token },
  );
  if (reply.body.errorType !== 'SUCCESS') throw new Error(`order: ${reply.text}`);
  return reply.body.obj as { id: number; orderCode: string; createDate: string };
}

const k = () => t.db.kysely;
const setOrder = (id: number, patch: Record<string, unknown>) => k().updateTable('orders').set(patch).where('id', '=', id).execute();
const orderRow = (id: number) => k().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pointsOf = async (phone: string) =>
  (await k().selectFrom('agents').select('lave_integral').where('phone', '=', phone).executeTakeFirstOrThrow()).lave_integral;
const salesOf = async (prodId: number) =>
  (await k().selectFrom('products').select('actual_sale').where('id', '=', prodId).executeTakeFirstOrThrow()).actual_sale;
const changesOf = (orderCode: string) => k().selectFrom('account_changes').selectAll().where('order_code', '=', orderCode).orderBy('id').execute();
const logsOf = (orderId: number) => k().selectFrom('order_logs').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

const close = (b: Buyer, id: unknown, closeReason: unknown = '不想要了') => t.call(closeDealApp, { id, closeReason }, { token: b.token });
const list = (b: Buyer, circulationState: number, pageNum = 1) =>
  t.call(selectOrderInfoList, { circulationState, phonePage: { pageSize: 10, pageNum } }, { token: b.token });
const detail = (b: Buyer, id: unknown) => t.call(selectOrderInfoByOrderId, { id }, { token: b.token });

describe('order list and detail (spec 2 §2, §3)', () => {
  it('lists a new order under 全部 and 待付款 with its lines, amounts, dates and actions; the detail has every header field', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 12_000, weight: 600, name: '列表商品' });
    const order = await place(a, p.singleProdId, { orderNote: '请尽快发货' });

    for (const state of [-1, 1]) {
      const item = (await list(a, state)).body.objs.find((o: any) => o.id === order.id);
      expect(item).toMatchObject({
        orderCode: order.orderCode,
        circulationState: 1,
        totalMoney: '240.00',
        postMoney: '15.00',
        actualMoney: '255.00',
        createDate: order.createDate,
        canPay: true,
        canClose: true,
        canReceive: false,
        canTrack: false,
      });
      expect(item.orderProductDetailBos).toEqual([
        expect.objectContaining({
          buyNum: 2,
          prodPrice: '120.00',
          isFirstGift: 0,
          prodSingleProductBo: { imgUrl: '', prodName: '列表商品', specDispStr: '列表商品 规格', finalPrice: '120.00' },
        }),
      ]);
    }
    for (const state of [3, 4, 5]) expect((await list(a, state)).body.objs.some((o: any) => o.id === order.id)).toBe(false);

    const d = (await detail(a, order.id)).body.obj;
    // 10:00 in China at the test clock; the demo's window is 30 minutes.
    expect(d).toMatchObject({
      id: order.id,
      orderCode: order.orderCode,
      orderType: 1,
      payType: 1,
      circulationState: 1,
      receiverName: '收货人',
      receiverPhone: '13912345678',
      receiverProvince: '北京市',
      receiverAddress: '测试路1号',
      orderNote: '请尽快发货',
      createDate: '2026-11-21 10:00:00',
      payDeadline: '2026-11-21 10:30:00',
      serverTime: '2026-11-21 10:00:00',
      payDate: null,
      closeReason: null,
      logisticsId: order.id,
      waybillCode: '',
      goodsPayMoney: '0.00',
      orderReceiptRecordBos: [],
      canPay: true,
      canClose: true,
    });
    expect(d.orderProductDetailBos).toHaveLength(1);
  });

  it('pages ten at a time, newest first; pageTotal is the number of pages', async () => {
    const b = await buyer(B);
    const p = await addProduct(t, { stock: 100, finalPrice: 1_000 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await place(b, p.singleProdId, { payType: 4 })).id);
    const first = await list(b, 1);
    expect(first.body.obj.phonePage).toEqual({ pageSize: 10, pageNum: 1, pageTotal: 2 });
    expect(first.body.objs.map((o: any) => o.id)).toEqual(ids.slice(2).reverse());
    const second = await list(b, 1, 2);
    expect(second.body.objs.map((o: any) => o.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await list(b, 5)).body.obj.phonePage.pageTotal).toBe(0);
  });

  it('shows the receipt records with their vouchers, the rejection reason and the waybill', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId, { payType: 4 });
    await k()
      .insertInto('receipt_records')
      .values({
        plat_id: t.config.platId,
        order_id: order.id,
        agent_id: a.user.agentId,
        pay_money: 3_000,
        remit_account_name: '张明',
        remit_account_number: '6222000011112222',
        voucher_img_url: '/uploads/a.png;/uploads/b.png',
        check_state: 2,
        check_remark: '金额不符',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    await setOrder(order.id, { confirm_pay_state: 3, confirm_reject_reason: '金额不符' });
    await k().insertInto('order_parcels').values({ order_id: order.id, logistics_name: '顺丰速运', shipper_code: 'SF', waybill_code: 'SF100', created_at: t.clock.now().toISOString() }).execute();

    const d = (await detail(a, order.id)).body.obj;
    expect(d).toMatchObject({ confirmPayState: 3, confirmRejectReason: '金额不符', waybillCode: 'SF100' });
    expect(d.orderReceiptRecordBos).toEqual([
      expect.objectContaining({
        payMoney: '30.00',
        payWay: 4,
        payType: 1,
        remitAccountName: '张明',
        voucherImgUrl: '/uploads/a.png;/uploads/b.png',
        // Shown through signed links an <img> can open.
        voucherImgUrls: [expect.stringMatching(/^\/api\/common\/upload\/\/uploads\/a\.png\?exp=\d+&v=a\d+&sig=[0-9a-f]{64}$/), expect.stringMatching(/b\.png\?exp=/)],
        checkState: 2,
        orderCode: order.orderCode,
      }),
    ]);
  });

  it.each([
    [{ circulationState: 2 }, '订单状态有误'],
    [{ circulationState: 6 }, '订单状态有误'],
    [{ circulationState: 'x' }, '订单状态有误'],
  ])('refuses the list filter %j with "%s"', async (bad, message) => {
    const a = await buyer(A);
    expect((await t.call(selectOrderInfoList, bad, { token: a.token })).body.msg).toBe(message);
  });

  it('accepts the legacy list payload (platId, createAgentId of another agent): the session agent is what counts', async () => {
    const a = await buyer(A);
    const b = await buyer(B);
    const reply = await t.call(selectOrderInfoList, { platId: t.config.platId, createAgentId: b.user.agentId, circulationState: -1, phonePage: { pageSize: 10, pageNum: 1, pageTotal: 0 } }, { token: a.token });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(reply.body.objs.length).toBeGreaterThan(0);
    expect(reply.body.objs.every((o: any) => o.receiverPhone === '13912345678')).toBe(true);
    const own = await k().selectFrom('orders').select('id').where('create_agent_id', '=', a.user.agentId).execute();
    expect(reply.body.objs.every((o: any) => own.some((r) => Number(r.id) === o.id))).toBe(true);
  });

  it.each([[undefined], [''], ['abc'], [0], [-3]])('answers "订单不存在" for the id %j', async (id) => {
    const a = await buyer(A);
    expect((await detail(a, id)).body.msg).toBe('订单不存在');
    expect((await close(a, id)).body.msg).toBe('订单不存在');
    expect((await t.call(orderReceiveDeal, { id }, { token: a.token })).body.msg).toBe('订单不存在');
  });

  it('answers RECORD_NOT_FOUND "订单不存在" for an id that does not exist', async () => {
    const a = await buyer(A);
    expect((await detail(a, 99_999_999)).body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '订单不存在' });
  });

  it('needs a login', async () => {
    expect((await t.call(selectOrderInfoList, {})).status).toBe(401);
    expect((await t.call(closeDealApp, { id: 1, closeReason: 'x' })).status).toBe(401);
  });
});

describe('two agents', () => {
  it("B can neither see, close nor receive A's order", async () => {
    const a = await buyer(A);
    const b = await buyer(B);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);

    expect((await detail(b, order.id)).body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '订单不存在' });
    expect((await list(b, -1)).body.objs.some((o: any) => o.id === order.id)).toBe(false);
    expect((await close(b, order.id)).body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '订单不存在' });
    expect((await orderRow(order.id)).circulation_state).toBe(1);
    expect(await stockOf(t, p.singleProdId)).toBe(8);

    await setOrder(order.id, { circulation_state: 4, send_state: 1 });
    expect((await t.call(orderReceiveDeal, { id: order.id }, { token: b.token })).body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '订单不存在' });
    expect((await orderRow(order.id)).circulation_state).toBe(4);
  });
});

describe('closeDealApp (spec 2 §4, §5)', () => {
  it.each([
    [undefined, '请输入关闭原因'],
    ['', '请输入关闭原因'],
    ['   ', '请输入关闭原因'],
    ['因'.repeat(201), '关闭原因不能超过200个字'],
  ])('refuses the reason %j with "%s" and changes nothing', async (reason, message) => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    expect((await t.call(closeDealApp, { id: order.id, closeReason: reason }, { token: a.token })).body.msg).toBe(message);
    expect((await orderRow(order.id)).circulation_state).toBe(1);
    expect(await stockOf(t, p.singleProdId)).toBe(8);
  });

  it('closes with a reason of 200 characters, ignoring the legacy fields; gives back stock (gifts too) and sales, logs it', async () => {
    const a = await buyer(A);
    const gift = await addProduct(t, { stock: 5, finalPrice: 3_000, name: '赠品' });
    await k().insertInto('grade_gifts').values({ grade_id: a.user.gradeId, single_prod_id: gift.singleProdId, buy_num: 1 }).execute();
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    await k().deleteFrom('grade_gifts').execute();
    expect(await stockOf(t, gift.singleProdId)).toBe(4);
    expect(await salesOf(p.prodId)).toBe(2);

    const reason = '因'.repeat(200);
    const reply = await t.call(
      closeDealApp,
      { id: order.id, circulationState: 6, closeState: 1, closeReason: reason, closeSuId: 999, closeSuName: '别人', orderLogRecord: { optName: 'x' } },
      { token: a.token },
    );
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '订单已关闭' });
    expect(await stockOf(t, p.singleProdId)).toBe(10);
    expect(await stockOf(t, gift.singleProdId)).toBe(5);
    expect(await salesOf(p.prodId)).toBe(0);
    expect(await salesOf(gift.prodId)).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ circulation_state: 6, close_state: 1, close_reason: reason, close_date: t.clock.now().toISOString() });
    expect(await logsOf(order.id)).toEqual([expect.objectContaining({ order_state: 6, opt_name: '关闭订单', opt_by: '张明', opt_remark: reason })]);

    const d = (await detail(a, order.id)).body.obj;
    expect(d).toMatchObject({ circulationState: 6, closeReason: reason, closeDate: '2026-11-21 10:00:00', canPay: false, canClose: false });
    expect((await list(a, 1)).body.objs.some((o: any) => o.id === order.id)).toBe(false);
    expect((await close(a, order.id)).body.msg).toBe(STATE_CHANGED);
  });

  it('10 parallel closes: one succeeds, stock and points come back exactly once', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { prodType: 2, stock: 10, finalPrice: 8_000, touchMoney: 550 });
    const before = await pointsOf(A);
    const order = await place(a, p.singleProdId, { orderType: 2, usePoints: true, payPassword: '123456' });
    expect(await pointsOf(A)).toBe(before - 11);
    expect(await stockOf(t, p.singleProdId)).toBe(8);

    const replies = await Promise.all(Array.from({ length: 10 }, () => close(a, order.id)));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.errorType !== 'SUCCESS').every((r) => r.body.msg === STATE_CHANGED)).toBe(true);
    expect(await stockOf(t, p.singleProdId)).toBe(10);
    expect(await pointsOf(A)).toBe(before);
    const back = (await changesOf(order.orderCode)).filter((c) => c.amount > 0);
    expect(back).toEqual([expect.objectContaining({ account: 'integral', amount: 11, change_state: 15, remark: '订单取消退回' })]);
    expect(await logsOf(order.id)).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('gives an activity order back to its activity item, with its exchange points', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 5_000, weight: 0 });
    const now = t.clock.now().getTime();
    const act = await k()
      .insertInto('activities')
      .values({
        plat_id: t.config.platId,
        product_id: p.prodId,
        exchange_type: 2,
        expiry_start_date: new Date(now - DAY).toISOString(),
        expiry_end_date: new Date(now + DAY).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k().insertInto('activity_items').values({ activity_id: Number(act.id), single_prod_id: p.singleProdId, exchange_integral: 50, exchange_price: 1_000, last_num: 5 }).execute();
    const before = await pointsOf(A);
    const order = await place(a, p.singleProdId, { orderType: 3, payType: 4, seckillId: Number(act.id), payPassword: '123456' });
    expect(await pointsOf(A)).toBe(before - 100);
    const item = () => k().selectFrom('activity_items').select('last_num').where('activity_id', '=', Number(act.id)).executeTakeFirstOrThrow();
    const used = () => k().selectFrom('activities').select('all_use_num').where('id', '=', Number(act.id)).executeTakeFirstOrThrow();
    expect((await item()).last_num).toBe(3);
    expect((await used()).all_use_num).toBe(2);

    expect((await close(a, order.id)).body.errorType).toBe('SUCCESS');
    expect((await item()).last_num).toBe(5);
    expect((await used()).all_use_num).toBe(0);
    expect(await stockOf(t, p.singleProdId)).toBe(10);
    expect(await pointsOf(A)).toBe(before);
  });

  it('credits back a goods-fund and income part reserved for a split payment', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 10_000 });
    const order = await place(a, p.singleProdId);
    const balances = () => k().selectFrom('agents').select(['last_store', 'lave_income']).where('id', '=', a.user.agentId).executeTakeFirstOrThrow();
    const before = await balances();
    // As the payment code reserves them while a WeChat payment of the rest is under way.
    await k().transaction().execute(async (trx) => {
      const m = { platId: t.config.platId, agentId: a.user.agentId, orderCode: order.orderCode, at: t.clock.now().toISOString() };
      await moveBalance(trx, { ...m, account: 'store', amount: -5_000, changeState: 22, remark: '订单支付' });
      await moveBalance(trx, { ...m, account: 'totalScore', amount: -2_000, changeState: 22, remark: '订单支付' });
      await trx.updateTable('orders').set({ goods_pay_money: 5_000, award_pay_money: 2_000 }).where('id', '=', order.id).execute();
    });
    expect((await close(a, order.id)).body.errorType).toBe('SUCCESS');
    expect(await balances()).toEqual(before);
    const back = (await changesOf(order.orderCode)).filter((c) => c.amount > 0);
    expect(back).toEqual([
      expect.objectContaining({ account: 'store', amount: 5_000, change_state: 15, remark: '订单关闭退回' }),
      expect.objectContaining({ account: 'income', amount: 2_000, change_state: 19, remark: '订单关闭退回' }),
    ]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('refuses an order that is no longer unpaid', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    for (const state of [2, 3, 4, 5, 7]) {
      await setOrder(order.id, { circulation_state: state });
      expect((await close(a, order.id)).body.msg).toBe(STATE_CHANGED);
    }
    expect(await stockOf(t, p.singleProdId)).toBe(8);
  });

  it('closes an order past its window as timed out (7), not as closed by the agent', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    await setOrder(order.id, { pay_deadline: new Date(t.clock.now().getTime() - MINUTE).toISOString() });
    expect((await close(a, order.id)).body.msg).toBe(STATE_CHANGED);
    expect(await orderRow(order.id)).toMatchObject({ circulation_state: 7, close_reason: '超时未支付，系统自动关闭' });
    expect(await stockOf(t, p.singleProdId)).toBe(10);
  });

  it('shows an order past its window as timed out as soon as the agent reads it', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    await setOrder(order.id, { pay_deadline: t.clock.now().toISOString() });
    expect((await detail(a, order.id)).body.obj).toMatchObject({ circulationState: 7, closeReason: '超时未支付，系统自动关闭', canPay: false, canClose: false });
    expect(await stockOf(t, p.singleProdId)).toBe(10);
  });
});

describe('orderReceiveDeal (spec 2 §4)', () => {
  it('moves only a shipped order (4) to completed (5) with the receipt date', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    expect((await t.call(orderReceiveDeal, { id: order.id }, { token: a.token })).body.msg).toBe(STATE_CHANGED);

    await setOrder(order.id, { circulation_state: 4, send_state: 1 });
    const shipped = (await detail(a, order.id)).body.obj;
    expect(shipped).toMatchObject({ circulationState: 4, canReceive: true, canTrack: true, canPay: false, canClose: false });
    expect((await list(a, 4)).body.objs.some((o: any) => o.id === order.id)).toBe(true);

    const legacy = { id: order.id, platId: t.config.platId, orderCode: order.orderCode, orderType: 1, payType: 1, actualMoney: '1.00', createAgentId: 1, optSuId: 1, optSuName: 'x' };
    const reply = await t.call(orderReceiveDeal, legacy, { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '确认收货成功' });
    expect(await orderRow(order.id)).toMatchObject({ circulation_state: 5, receipt_date: t.clock.now().toISOString() });
    expect((await detail(a, order.id)).body.obj).toMatchObject({ circulationState: 5, receiptDate: '2026-11-21 10:00:00', canReceive: false, canTrack: true });
    expect((await list(a, 5)).body.objs.some((o: any) => o.id === order.id)).toBe(true);
    expect(await logsOf(order.id)).toEqual([expect.objectContaining({ order_state: 5, opt_name: '确认收货' })]);
    expect((await t.call(orderReceiveDeal, { id: order.id }, { token: a.token })).body.msg).toBe(STATE_CHANGED);
    expect(await stockOf(t, p.singleProdId)).toBe(8);
  });

  it('10 parallel confirmations: one succeeds, one log row', async () => {
    const a = await buyer(A);
    const p = await addProduct(t, { stock: 10, finalPrice: 1_000 });
    const order = await place(a, p.singleProdId);
    await setOrder(order.id, { circulation_state: 4, send_state: 1 });
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.call(orderReceiveDeal, { id: order.id }, { token: a.token })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.errorType !== 'SUCCESS').every((r) => r.body.msg === STATE_CHANGED)).toBe(true);
    expect(await logsOf(order.id)).toHaveLength(1);
  });

  it('keeps the ledger invariant after all of the above', async () => {
    expect(await ledgerHolds(t)).toBe(true);
  });
});
