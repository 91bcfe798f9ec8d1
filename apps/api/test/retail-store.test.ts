import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consumerConfirmPhone, consumerLogin, consumerReceiveOrder, consumerSendSmsCode, operations, saveMyStoreProducts, saveStoreOrder,
  selConsumerOrders, selMyStore, selMyStoreOrders, selMyStoreProducts, selShopOrderInfoBySerialNumber, selStoreHome,
  selFrozenIncomeRecords, selectCashReport, selectIncomeReport, staffRefundStoreOrder, staffSaveAgentStore, staffSaveRetailBand, staffSelStoreOrders, staffShipStoreOrder,
  storeOrderPrePay, type Operation,
} from '@shop/contract';
import { releaseIncome } from '../src/jobs/release-income.js';
import { createStoreOrders } from '../src/flows/store-orders.js';
import { createStoreService } from '../src/modules/store/store.service.js';
import { useTestApp, type Reply } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { addProduct, ledgerHolds, stockOf } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { consumerCall as storeConsumerCall } from './helpers/store-fixture.js';
import { depsOf, notify, sandboxOf, wechatOf } from './helpers/wechatpay-fixture.js';
import { DAY } from './helpers/time.js';

const t = useTestApp();

/** A consumer's call: header consumerToken, as the store page sends it (the shared fixture's, on this file's app). */
const consumerCall = <Obj = any>(op: Operation, payload: unknown, consumerToken: string): Promise<Reply<Obj>> => storeConsumerCall<Obj>(t, op, payload, consumerToken);

let phoneSerial = 0;
/** A consumer from a WeChat OAuth code with a phone confirmed by the SMS code (spec: first checkout). */
async function consumer() {
  const login = await t.call(consumerLogin, { code: `store-${randomUUID()}` });
  expect(login.body.errorType).toBe('SUCCESS');
  const token = login.body.obj.consumerToken as string;
  phoneSerial += 1;
  const phone = `137${String(process.pid % 1000).padStart(3, '0')}${String(phoneSerial).padStart(5, '0')}`;
  expect((await consumerCall(consumerSendSmsCode, { phone }, token)).body.errorType).toBe('SUCCESS');
  const code = (await t.smsOutbox(phone))!.code;
  const confirmed = await consumerCall(consumerConfirmPhone, { phone, smsCode: code }, token);
  expect(confirmed.body.obj).toEqual({ phoneConfirmed: 1, maskedPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  return { token, phone };
}

/**
 * An agent (grade price 100.00) whose store headquarters opened, a product of its own with the given stock and the band
 * 120.00 ≤ 150.00 ≤ 199.00, and the agent's price 163.37 (odd on purpose): income 63.37 per unit.
 */
async function openStore(stock = 10) {
  const admin = await staffLoginAs(t, 'admin');
  const agent = await freshAgent(t, { status: 1, gradeIndex: 0 });
  const p = await addProduct(t, { stock, finalPrice: 10_000, price: 20_000, name: `零售${randomUUID().slice(0, 6)}` });
  expect((await staffCall(t, staffSaveAgentStore, { agentId: agent.agentId, override: 1 }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
  const band = { singleProdId: p.singleProdId, retailEnabled: 1, defaultPrice: '150.00', minPrice: '120.00', maxPrice: '199.00' };
  expect((await staffCall(t, staffSaveRetailBand, band, { staffToken: admin })).body.errorType).toBe('SUCCESS');
  const saved = await t.call(saveMyStoreProducts, { items: [{ singleProdId: p.singleProdId, shown: 1, retailPrice: '163.37' }] }, { token: agent.token });
  expect(saved.body.errorType).toBe('SUCCESS');
  const shopId = (await t.call(selMyStore, {}, { token: agent.token })).body.obj.shopId as number;
  return { admin, agent, p, shopId };
}

const address = { receiverName: '李雷', receiverPhone: '13912345678', receiverProvince: '北京市', receiverCity: '北京市', receiverCounty: '东城区', receiveCountyId: '110101', receiverAddress: '东华门大街1号' };

async function order(shopId: number, singleProdId: number, buyNum: number, token: string) {
  return consumerCall(saveStoreOrder, { shopId, lines: [{ singleProdId, buyNum }], ...address }, token);
}

/** Pays a VD order through the sandbox: the prepay, then the sandbox pay sheet's 支付 with the consumer's token. */
async function pay(orderId: number, token: string) {
  const pre = await consumerCall(storeOrderPrePay, { id: orderId }, token);
  expect(pre.body.errorType).toBe('SUCCESS');
  const outTradeNo = pre.body.obj.outTradeNo as string;
  const res = await t.app.inject({ method: 'POST', url: '/dev/wechatpay/simulate.do', headers: { 'content-type': 'application/json', consumerToken: token }, payload: JSON.stringify({ outTradeNo, outcome: 'pay' }) });
  expect(res.statusCode).toBe(200);
  return outTradeNo;
}

const incomeRows = (orderId: number) => t.db.kysely.selectFrom('network_incomes').selectAll().where('source_kind', '=', 'store_order').where('source_id', '=', orderId).execute();
const retailChanges = (agentId: number, code: string) =>
  t.db.kysely.selectFrom('account_changes').select(['account', 'amount', 'change_state']).where('agent_id', '=', agentId).where('order_code', '=', code).orderBy('id').execute();
const balances = (agentId: number) => t.db.kysely.selectFrom('agents').select(['lave_income', 'frozen_award']).where('id', '=', agentId).executeTakeFirstOrThrow();

describe('the agent sets prices within the band (ADR 0038)', () => {
  it('refuses a price outside the band or below the grade price, saving nothing of the request', async () => {
    const { agent, p } = await openStore();
    const other = await addProduct(t, { stock: 5, finalPrice: 10_000 });
    const cases: [string, string][] = [
      ['119.99', '零售价不能低于总部设置的最低价 120.00 元，请调整'],
      ['199.01', '零售价不能高于总部设置的最高价 199.00 元，请调整'],
    ];
    for (const [price, msg] of cases) {
      const r = await t.call(saveMyStoreProducts, { items: [{ singleProdId: p.singleProdId, shown: 1, retailPrice: price }] }, { token: agent.token });
      expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg });
    }
    // A spec headquarters does not sell at retail is refused, and the good line in the same request is not saved.
    const mixed = await t.call(saveMyStoreProducts, { items: [{ singleProdId: p.singleProdId, shown: 0, retailPrice: '180.00' }, { singleProdId: other.singleProdId, shown: 1, retailPrice: '150.00' }] }, { token: agent.token });
    expect(mixed.body).toMatchObject({ errorType: 'VALIDATION', msg: '该商品暂不支持零售，请刷新后重新选择' });
    const mine = (await t.call(selMyStoreProducts, {}, { token: agent.token })).body.objs;
    expect(mine).toEqual([expect.objectContaining({ singleProdId: p.singleProdId, retailPrice: '163.37', gradePrice: '100.00', minPrice: '120.00', maxPrice: '199.00', shown: 1, unitIncome: '63.37' })]);
  });

  it('never lets the price fall below the agent’s own grade price, even when the band allows it', async () => {
    const { admin, agent, p } = await openStore();
    await staffCall(t, staffSaveRetailBand, { singleProdId: p.singleProdId, retailEnabled: 1, defaultPrice: '95.00', minPrice: '90.00', maxPrice: '199.00' }, { staffToken: admin });
    const r = await t.call(saveMyStoreProducts, { items: [{ singleProdId: p.singleProdId, shown: 1, retailPrice: '99.99' }] }, { token: agent.token });
    expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '零售价不能低于您的进货价 100.00 元，请调整' });
  });

  it('refuses a store that headquarters has not opened', async () => {
    const agent = await freshAgent(t, { status: 1, gradeIndex: 0 });
    expect((await t.call(selMyStore, {}, { token: agent.token })).body.obj).toMatchObject({ enabled: 0, shopId: null });
    const r = await t.call(saveMyStoreProducts, { items: [{ singleProdId: 1, shown: 1, retailPrice: '1.00' }] }, { token: agent.token });
    expect(r.body.msg).toBe('您的店铺尚未开通，请联系总部开通后再设置');
  });
});

describe('a consumer buys from the store', () => {
  it('shows the agent’s prices, recomputes the amounts and freezes the retail income (16) once paid', async () => {
    const { agent, p, shopId } = await openStore();
    const home = await t.call(selStoreHome, { shopId });
    // Headquarters' other retail products show too (shown until the agent hides them); this one at the agent's price.
    expect(home.body.obj.products).toEqual(expect.arrayContaining([expect.objectContaining({ prodId: p.prodId, price: '163.37', specs: [expect.objectContaining({ singleProdId: p.singleProdId, price: '163.37', stock: 10 })] })]));
    const c = await consumer();
    const placed = await consumerCall(saveStoreOrder, { shopId, lines: [{ singleProdId: p.singleProdId, buyNum: 3 }], ...address, payMoney: '1.00' }, c.token);
    expect(placed.body).toMatchObject({ errorType: 'VALIDATION', msg: '商品价格已变化，请刷新后重新下单' });
    const r = await order(shopId, p.singleProdId, 3, c.token);
    expect(r.body.obj).toMatchObject({ actualMoney: '490.11', orderCode: expect.stringMatching(/^VD\d{18}$/) });
    expect(await stockOf(t, p.singleProdId)).toBe(7);
    const id = r.body.obj.id as number;
    const outTradeNo = await pay(id, c.token);
    const rows = await incomeRows(id);
    expect(rows).toEqual([expect.objectContaining({ agent_id: agent.agentId, change_state: 16, amount: 19_011, state: 0, release_at: null })]);
    expect(await retailChanges(agent.agentId, r.body.obj.orderCode)).toEqual([{ account: 'award', amount: 19_011, change_state: 16 }]);
    // /vapi read-back (spec 2 §7): by the payment serial or the code, the consumer's own only.
    const back = await consumerCall(selShopOrderInfoBySerialNumber, { serialNumber: outTradeNo }, c.token);
    expect(back.body.obj).toMatchObject({ id, payKind: 'VD', payKindText: '店铺订单', circulationState: 3, payState: 1, actualMoney: '490.11', wxPayState: 1, wxPayMoney: '490.11' });
    expect((await consumerCall(selShopOrderInfoBySerialNumber, { serialNumber: r.body.obj.orderCode }, c.token)).body.obj).toMatchObject({ id, wxPayState: null });
    const stranger = await consumer();
    expect((await consumerCall(selShopOrderInfoBySerialNumber, { serialNumber: outTradeNo }, stranger.token)).body).toMatchObject({ errorType: 'VALIDATION', msg: '订单不存在' });
    // Without a consumer session: refused before anything is read.
    const anon = await t.call(selShopOrderInfoBySerialNumber, { serialNumber: outTradeNo });
    expect(anon.status).toBe(401);
    // The agent's list: masked consumer phone, income frozen.
    const mine = (await t.call(selMyStoreOrders, {}, { token: agent.token })).body.objs;
    expect(mine[0]).toMatchObject({ orderCode: r.body.obj.orderCode, maskedPhone: `${c.phone.slice(0, 3)}****${c.phone.slice(-4)}`, retailIncome: '190.11', incomeState: 1, incomeStateText: '冻结中' });
    // /frozenIncome lists it as 零售收入 (kind 3) with no date until the consumer's order is received.
    const frozen = (await t.call(selFrozenIncomeRecords, { tab: 0 }, { token: agent.token })).body.objs;
    expect(frozen).toEqual([expect.objectContaining({ kind: 3, amount: '190.11', sourceCode: r.body.obj.orderCode, releaseDate: null, fromAgentName: '店铺顾客' })]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('refuses checkout before the phone is confirmed', async () => {
    const { p, shopId } = await openStore();
    const login = await t.call(consumerLogin, { code: `store-${randomUUID()}` });
    const r = await order(shopId, p.singleProdId, 1, login.body.obj.consumerToken);
    expect(r.body).toMatchObject({ errorType: 'VALIDATION', msg: '首次下单请先验证手机号' });
  });

  it('sells exactly the stock to parallel consumers (the agents’ lock order)', async () => {
    const { p, shopId } = await openStore(3);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => consumer()));
    const results = await Promise.all(buyers.map((b) => order(shopId, p.singleProdId, 1, b.token)));
    expect(results.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(3);
    expect(results.filter((r) => r.body.errorType !== 'SUCCESS').map((r) => r.body.msg)).toEqual(Array(3).fill(expect.stringContaining('库存不足')));
    expect(await stockOf(t, p.singleProdId)).toBe(0);
  });

  it('answers a repeated submission (same key) with the same order and takes the stock once', async () => {
    const { p, shopId } = await openStore(5);
    const c = await consumer();
    const key = randomUUID();
    const body = { shopId, lines: [{ singleProdId: p.singleProdId, buyNum: 2 }], ...address, idempotencyKey: key };
    const [a, b] = await Promise.all([consumerCall(saveStoreOrder, body, c.token), consumerCall(saveStoreOrder, body, c.token)]);
    expect(a.body.obj.id).toBe(b.body.obj.id);
    expect(await stockOf(t, p.singleProdId)).toBe(3);
  });
});

describe('WeChat notification replay on a VD payment', () => {
  it('pays once and freezes the income once, however often WeChat repeats it', async () => {
    const { agent, p, shopId } = await openStore();
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 1, c.token);
    const pre = await consumerCall(storeOrderPrePay, { id: r.body.obj.id }, c.token);
    const outTradeNo = pre.body.obj.outTradeNo as string;
    const sandbox = sandboxOf(t);
    const tx = { appid: sandbox.appId, mchid: sandbox.mchId, out_trade_no: outTradeNo, transaction_id: `tx-${randomUUID()}`, trade_state: 'SUCCESS', amount: { total: 16_337, currency: 'CNY' } };
    const signed = sandbox.notification(tx, t.clock.now());
    const answers = await Promise.all([notify(t, signed), notify(t, signed), notify(t, sandbox.notification(tx, t.clock.now()))]);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
    const flow = wechatOf(t);
    expect(await flow.settle({ outTradeNo, transactionId: tx.transaction_id, amountFen: 16_337 })).toBe('already');
    expect(await incomeRows(r.body.obj.id)).toHaveLength(1);
    expect(await retailChanges(agent.agentId, r.body.obj.orderCode)).toEqual([{ account: 'award', amount: 6_337, change_state: 16 }]);
    expect(await t.db.kysely.selectFrom('wechat_payments').select('state').where('subject_kind', '=', 'store_order').where('subject_id', '=', r.body.obj.id).execute()).toEqual([{ state: 1 }]);
  });
});

describe('shipping, receipt and release (ADR 0038)', () => {
  it('the warehouse ships, the consumer receives, the release job moves the income into the 总分 with code 16', async () => {
    const { agent, p, shopId } = await openStore();
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 2, c.token);
    const id = r.body.obj.id as number;
    await pay(id, c.token);
    const warehouse = await staffLoginAs(t, 'cangku');
    const queue = await staffCall(t, staffSelStoreOrders, { orderCode: r.body.obj.orderCode }, { staffToken: warehouse });
    expect(queue.body.objs[0]).toMatchObject({ label: '门店订单', state: 3, receiverAddress: '北京市北京市东城区东华门大街1号' });
    expect((await staffCall(t, staffShipStoreOrder, { id, logisticsName: '顺丰速运', waybillCode: 'SF1234567890' }, { staffToken: warehouse })).body.errorType).toBe('SUCCESS');
    expect((await consumerCall(selConsumerOrders, {}, c.token)).body.objs[0]).toMatchObject({ id, state: 4, logisticsName: '顺丰速运', waybillCode: 'SF1234567890' });
    const before = await balances(agent.agentId);
    // Not released before receipt.
    await releaseIncome(depsOf(t), new Date(t.clock.now().getTime() + 30 * DAY));
    expect(await balances(agent.agentId)).toEqual(before);
    expect((await consumerCall(consumerReceiveOrder, { id }, c.token)).body.errorType).toBe('SUCCESS');
    const receivedAt = t.clock.now().getTime();
    await releaseIncome(depsOf(t), new Date(receivedAt + 7 * DAY - 1000));
    expect(await balances(agent.agentId)).toEqual(before);
    await Promise.all([releaseIncome(depsOf(t), new Date(receivedAt + 7 * DAY)), releaseIncome(depsOf(t), new Date(receivedAt + 7 * DAY))]);
    const after = await balances(agent.agentId);
    expect(after.lave_income - before.lave_income).toBe(12_674);
    expect(before.frozen_award - after.frozen_award).toBe(12_674);
    expect(await retailChanges(agent.agentId, r.body.obj.orderCode)).toEqual([
      { account: 'award', amount: 12_674, change_state: 16 },
      { account: 'award', amount: -12_674, change_state: 16 },
      { account: 'income', amount: 12_674, change_state: 16 },
    ]);
    expect((await t.call(selMyStoreOrders, {}, { token: agent.token })).body.objs[0]).toMatchObject({ id, incomeState: 2, incomeStateText: '已到账' });
    expect(await ledgerHolds(t)).toBe(true);
    // ADR 0037: the agent is told once (two job runs at once) that the retail income, named as such, was released.
    const told = await t.db.kysely.selectFrom('notifications').select(['kind', 'body']).where('agent_id', '=', agent.agentId).where('kind', '=', 'income').execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`零售收入 126.74元（${r.body.obj.orderCode}）`);
  });

  it('auto-receives a shipped VD order after the order rules’ days, then releases as usual', async () => {
    const { agent, p, shopId } = await openStore();
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 1, c.token);
    const id = r.body.obj.id as number;
    await pay(id, c.token);
    const warehouse = await staffLoginAs(t, 'cangku');
    await staffCall(t, staffShipStoreOrder, { id, logisticsName: '顺丰速运', waybillCode: 'SF0000000001' }, { staffToken: warehouse });
    const store = createStoreOrders(depsOf(t), { store: createStoreService(depsOf(t)), wechat: wechatOf(t) });
    const shipped = t.clock.now().getTime();
    expect(await store.autoReceive(new Date(shipped + 9 * DAY))).toBe(0);
    const [a, b] = await Promise.all([store.autoReceive(new Date(shipped + 10 * DAY)), store.autoReceive(new Date(shipped + 10 * DAY))]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const row = await t.db.kysely.selectFrom('store_orders').select(['state', 'receipt_date']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.state).toBe(5);
    const before = await balances(agent.agentId);
    await releaseIncome(depsOf(t), new Date(shipped + 17 * DAY));
    expect((await balances(agent.agentId)).lave_income - before.lave_income).toBe(6_337);
  });
});

describe('finance refunds a VD order (ADR 0038, ADR 0034’s rules)', () => {
  it('reverses the frozen income exactly, gives the stock back and refunds WeChat once, even when submitted twice', async () => {
    const { agent, p, shopId } = await openStore(10);
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 3, c.token);
    const id = r.body.obj.id as number;
    await pay(id, c.token);
    const finance = await staffLoginAs(t, 'caiwu');
    const key = randomUUID();
    const [a, b] = await Promise.all([
      staffCall(t, staffRefundStoreOrder, { id, reason: '顾客不想要了', idempotencyKey: key }, { staffToken: finance }),
      staffCall(t, staffRefundStoreOrder, { id, reason: '顾客不想要了', idempotencyKey: key }, { staffToken: finance }),
    ]);
    expect(a.body.obj).toEqual({ refundMoney: '490.11', incomeCancelled: '190.11', incomeClawed: '0.00', stockReturned: 3 });
    expect(b.body.obj).toEqual(a.body.obj);
    expect(await stockOf(t, p.singleProdId)).toBe(10);
    expect(await retailChanges(agent.agentId, r.body.obj.orderCode)).toEqual([
      { account: 'award', amount: 19_011, change_state: 16 },
      { account: 'award', amount: -19_011, change_state: 19 },
    ]);
    const refunds = await t.db.kysely.selectFrom('refunds').select(['amount', 'subject_kind']).where('subject_kind', '=', 'store_order').where('subject_id', '=', id).execute();
    expect(refunds).toEqual([{ amount: 49_011, subject_kind: 'store_order' }]);
    const again = await staffCall(t, staffRefundStoreOrder, { id, reason: '再退一次' }, { staffToken: finance });
    expect(again.body.msg).toBe('该店铺订单已全部退款');
    // The warehouse may not refund.
    const warehouse = await staffLoginAs(t, 'cangku');
    expect((await staffCall(t, staffRefundStoreOrder, { id, reason: 'x' }, { staffToken: warehouse })).body.errorType).toBe('FORBIDDEN');
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('claws a released income back from the 总分 exactly', async () => {
    const { agent, p, shopId } = await openStore();
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 1, c.token);
    const id = r.body.obj.id as number;
    await pay(id, c.token);
    const warehouse = await staffLoginAs(t, 'cangku');
    await staffCall(t, staffShipStoreOrder, { id, logisticsName: '顺丰速运', waybillCode: 'SF0000000002' }, { staffToken: warehouse });
    await consumerCall(consumerReceiveOrder, { id }, c.token);
    await releaseIncome(depsOf(t), new Date(t.clock.now().getTime() + 8 * DAY));
    const before = await balances(agent.agentId);
    const finance = await staffLoginAs(t, 'caiwu');
    const res = await staffCall(t, staffRefundStoreOrder, { id, reason: '质量问题' }, { staffToken: finance });
    expect(res.body.obj).toEqual({ refundMoney: '163.37', incomeCancelled: '0.00', incomeClawed: '63.37', stockReturned: 0 });
    expect(before.lave_income - (await balances(agent.agentId)).lave_income).toBe(6_337);
    expect((await t.call(selMyStoreOrders, {}, { token: agent.token })).body.objs[0]).toMatchObject({ id, state: 8, incomeState: 3, incomeStateText: '已冲回' });
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('finance reports count retail income (code 16)', () => {
  it('the 收益月报 shows the store income as 零售收益', async () => {
    const { agent, p, shopId } = await openStore();
    const c = await consumer();
    const r = await order(shopId, p.singleProdId, 1, c.token);
    await pay(r.body.obj.id, c.token);
    const finance = await staffLoginAs(t, 'caiwu');
    const month = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
    const report = await staffCall(t, selectIncomeReport, { month }, { staffToken: finance });
    expect(report.body.objs.find((x: any) => x.agentId === agent.agentId)).toMatchObject({ earnedRetail: '63.37', frozenAtEnd: '63.37' });
    // The cash report counts the consumer's WeChat payment as 店铺订单 money in.
    const day = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const cash = await staffCall(t, selectCashReport, { from: day, to: day }, { staffToken: finance });
    const paidToday = await t.db.kysely.selectFrom('wechat_payments').select('amount').where('subject_kind', '=', 'store_order').where('state', '=', 1).execute();
    expect(cash.body.objs[0].wechatIn.store_order).toBe((paidToday.reduce((s, x) => s + Number(x.amount), 0) / 100).toFixed(2));
  });
});

describe('the spec’s operations are all routed', () => {
  it('answers spec 2 §7 /vapi/shopOrderInfo/selOrderInfoBySerialNumber.do', () => {
    expect(operations.find((op) => op.path === '/vapi/shopOrderInfo/selOrderInfoBySerialNumber.do')?.auth).toBe('consumer');
  });
});
