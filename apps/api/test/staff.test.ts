import { describe, expect, it } from 'vitest';
import {
  agentInformationRefresh,
  reviewOfflinePayment,
  selectOrderLogistics,
  selectPendingReviewOrders,
  shipOrder,
  staffLogin,
  staffLogout,
} from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { orderInState, STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { MINUTE } from './helpers/time.js';

const t = useTestApp();
const STATE_CHANGED = '订单状态已变化，请刷新后重试';

const orderRow = (orderId: number) => t.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const receiptsOf = (orderId: number) => t.db.kysely.selectFrom('receipt_records').selectAll().where('order_id', '=', orderId).execute();
const giftRecords = (orderCode: string) =>
  t.db.kysely.selectFrom('account_changes').select(['amount', 'change_state']).where('order_code', '=', orderCode).where('account', '=', 'integral').execute();
const logsOf = (orderId: number) => t.db.kysely.selectFrom('order_logs').selectAll().where('order_id', '=', orderId).execute();
const balances = (agentId: number) =>
  t.db.kysely.selectFrom('agents').select(['last_store', 'lave_income']).where('id', '=', agentId).executeTakeFirstOrThrow();

/** What the payment code does for an offline split: take the balance parts with ledger records and note them on the order. */
async function reserveParts(t: TestApp, orderId: number, goods: number, award: number) {
  const o = await orderRow(orderId);
  await t.db.kysely.transaction().execute(async (trx) => {
    const base = { platId: o.plat_id, agentId: Number(o.create_agent_id), orderCode: o.order_code, remark: '订单支付', at: t.clock.now().toISOString() };
    if (goods) expect(await moveBalance(trx, { ...base, account: 'store', amount: -goods, changeState: 22 })).not.toBeNull();
    if (award) expect(await moveBalance(trx, { ...base, account: 'totalScore', amount: -award, changeState: 22 })).not.toBeNull();
    await trx.updateTable('orders').set({ goods_pay_money: goods, award_pay_money: award, pay_type: 8 }).where('id', '=', orderId).execute();
  });
}

describe('staffLogin', () => {
  it('logs the demo staff in with their own token and role', async () => {
    for (const [username, role] of [['admin', 'admin'], ['caiwu', 'finance'], ['cangku', 'warehouse']] as const) {
      const reply = await staffCall(t, staffLogin, { username, password: STAFF_PASSWORD });
      expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '登录成功', obj: { username, role, platId: t.config.platId } });
      expect(reply.body.staffToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(reply.text).not.toContain('password');
      expect(reply.text).not.toContain('$argon2');
    }
    const row = await t.db.kysely.selectFrom('staff').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ password: STAFF_PASSWORD }, '请输入账号'],
    [{ username: 'admin' }, '请输入密码'],
    [{ username: 'a'.repeat(33), password: 'x' }, '账号不能超过32位'],
  ])('refuses %j with "%s"', async (payload, msg) => {
    expect((await staffCall(t, staffLogin, payload)).body.msg).toBe(msg);
  });

  it('answers the same for a wrong password and an unknown account, and locks after 5 failures for 15 minutes', async () => {
    expect((await staffCall(t, staffLogin, { username: 'nobody', password: 'x' })).body.msg).toBe('账号或密码错误');
    for (let i = 0; i < 5; i++) {
      expect((await staffCall(t, staffLogin, { username: 'caiwu', password: 'wrong' })).body.msg).toBe('账号或密码错误');
    }
    expect((await staffCall(t, staffLogin, { username: 'caiwu', password: STAFF_PASSWORD })).body.msg).toBe('登录失败次数过多，请15分钟后再试');
    // An agent's lockout and a staff member's are separate keys.
    expect((await t.call('/api/home/newLogin.do', { suAccount: '13800000001', suPassword: 'demo1234' })).body.errorType).toBe('SUCCESS');
    t.clock.advance(16 * MINUTE);
    expect((await staffCall(t, staffLogin, { username: 'caiwu', password: STAFF_PASSWORD })).body.errorType).toBe('SUCCESS');
  });

  it('ends the session at logout', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    expect((await staffCall(t, staffLogout, {}, { staffToken })).body.errorType).toBe('SUCCESS');
    expect((await staffCall(t, selectPendingReviewOrders, {}, { staffToken })).status).toBe(401);
  });
});

describe('staff and agent sessions never mix', () => {
  it('refuses an agent token on staff operations, in either header', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    expect((await staffCall(t, selectPendingReviewOrders, {}, { accessToken: token })).status).toBe(401);
    expect((await staffCall(t, selectPendingReviewOrders, {}, { staffToken: token })).status).toBe(401);
    expect((await staffCall(t, selectPendingReviewOrders, {})).status).toBe(401);
    expect((await staffCall(t, shipOrder, { orderId: 1, parcels: [] }, { staffToken: token, accessToken: token })).status).toBe(401);
  });

  it('refuses a staff token on agent operations, in either header', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    expect((await t.call(agentInformationRefresh, {}, { token: staffToken })).status).toBe(401);
    expect((await staffCall(t, agentInformationRefresh, {}, { staffToken })).status).toBe(401);
    expect((await staffCall(t, selectOrderLogistics, { logisticsId: 1 }, { staffToken, accessToken: staffToken })).status).toBe(401);
  });
});

describe('roles', () => {
  it("lets 'finance' review but not ship, 'warehouse' ship but not review, 'admin' do both", async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const warehouse = await staffLoginAs(t, 'cangku');
    const admin = await staffLoginAs(t, 'admin');
    const ship = { orderId: 1, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: '638650888018' }] };
    expect((await staffCall(t, shipOrder, ship, { staffToken: finance })).body).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
    expect((await staffCall(t, selectPendingReviewOrders, {}, { staffToken: warehouse })).body.errorType).toBe('FORBIDDEN');
    expect((await staffCall(t, reviewOfflinePayment, { orderId: 1, approve: true }, { staffToken: warehouse })).body.errorType).toBe('FORBIDDEN');
    expect((await staffCall(t, selectPendingReviewOrders, {}, { staffToken: finance })).body.errorType).toBe('SUCCESS');
    expect((await staffCall(t, selectPendingReviewOrders, {}, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    // Refused for the role before anything is looked at: the order stays as it is.
    const { orderId } = await orderInState(t, 3);
    expect((await staffCall(t, shipOrder, { ...ship, orderId }, { staffToken: finance })).body.errorType).toBe('FORBIDDEN');
    expect((await orderRow(orderId)).circulation_state).toBe(3);
    expect((await staffCall(t, shipOrder, { ...ship, orderId }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
  });
});

describe('selectPendingReviewOrders', () => {
  it('lists the orders awaiting review (state 2) with their receipt records, oldest first, paged', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const a = await orderInState(t, 2, { receipt: true });
    const b = await orderInState(t, 2, { receipt: true });
    await orderInState(t, 3, { receipt: true });
    const all = await staffCall(t, selectPendingReviewOrders, { phonePage: { pageSize: 50, pageNum: 1 } }, { staffToken });
    const ids = all.body.objs.map((o: any) => o.id);
    expect(ids).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    expect(ids.indexOf(a.orderId)).toBeLessThan(ids.indexOf(b.orderId));
    expect(all.body.objs.every((o: any) => o.circulationState === 2)).toBe(true);
    const item = all.body.objs.find((o: any) => o.id === a.orderId);
    expect(item).toMatchObject({ orderCode: a.orderCode, confirmPayState: 1, createAgentTel: '13800000001', actualMoney: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(item.receiptRecords).toEqual([
      expect.objectContaining({ checkState: 0, remitAccountName: '张明', voucherImgUrl: expect.stringMatching(/^\/api\/common\/upload\/[0-9a-f-]{36}\.jpg\?exp=\d+&v=s\d+&sig=[0-9a-f]{64}$/), checkDate: null }),
    ]);

    const page = await staffCall(t, selectPendingReviewOrders, { phonePage: { pageSize: 1, pageNum: 2 } }, { staffToken });
    expect(page.body.obj.phonePage).toEqual({ pageSize: 1, pageNum: 2, pageTotal: ids.length });
    expect(page.body.objs.map((o: any) => o.id)).toEqual([ids[1]]);
  });
});

describe('reviewOfflinePayment', () => {
  it('approves: receipt 1, order 2 → 3 paid, with an order log', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const { orderId } = await orderInState(t, 2, { receipt: true });
    const reply = await staffCall(t, reviewOfflinePayment, { orderId, approve: true }, { staffToken });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '审核通过', obj: { id: orderId, circulationState: 3, confirmPayState: 2 } });
    const o = await orderRow(orderId);
    expect(o).toMatchObject({ circulation_state: 3, confirm_pay_state: 2, pay_state: 1, pay_date: t.clock.now().toISOString() });
    expect((await receiptsOf(orderId)).map((r) => r.check_state)).toEqual([1]);
    expect(await logsOf(orderId)).toEqual([expect.objectContaining({ order_state: 3, opt_name: '线下支付审核通过', opt_by: 'staff:caiwu' })]);
    // Done once: a second review finds the order moved.
    expect((await staffCall(t, reviewOfflinePayment, { orderId, approve: true }, { staffToken })).body.msg).toBe(STATE_CHANGED);
  });

  it.each([
    [{ approve: false }, '请输入驳回原因'],
    [{ approve: 'false', reason: '   ' }, '请输入驳回原因'],
    [{ approve: 0, reason: '驳'.repeat(201) }, '驳回原因不能超过200个字'],
    [{ approve: 'maybe' }, '请选择审核结果'],
    [{}, '请选择审核结果'],
  ])('refuses %j with "%s"', async (bad, msg) => {
    const staffToken = await staffLoginAs(t, 'admin');
    const { orderId } = await orderInState(t, 2, { receipt: true });
    expect((await staffCall(t, reviewOfflinePayment, { orderId, ...bad }, { staffToken })).body.msg).toBe(msg);
    expect((await orderRow(orderId)).circulation_state).toBe(2);
  });

  it('rejects: receipt 2 with the reason, order 2 → 1 with confirmRejectReason, and the agent can pay again', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const { orderId } = await orderInState(t, 2, { receipt: true });
    const reply = await staffCall(t, reviewOfflinePayment, { orderId, approve: false, reason: '未收到款项' }, { staffToken });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '已驳回', obj: { circulationState: 1, confirmPayState: 3 } });
    expect(await orderRow(orderId)).toMatchObject({ circulation_state: 1, confirm_pay_state: 3, confirm_reject_reason: '未收到款项', pay_state: 0, goods_pay_money: 0 });
    // A new payment window from now (the demo's 30 minutes), so the unpaid-order job does not close it at once.
    expect((await orderRow(orderId)).pay_deadline).toBe(new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString());
    expect(await receiptsOf(orderId)).toEqual([expect.objectContaining({ check_state: 2, check_remark: '未收到款项' })]);
    expect(await logsOf(orderId)).toEqual([expect.objectContaining({ order_state: 1, opt_name: '线下支付审核驳回', opt_remark: '未收到款项' })]);
  });

  it('gives back the goods-fund and total-score parts of the split with ledger records (15 / 19) and zeroes them', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    const { orderId, agentId, orderCode } = await orderInState(t, 2, { receipt: true });
    await reserveParts(t, orderId, 3_000, 1_500);
    const before = await balances(agentId);
    const reply = await staffCall(t, reviewOfflinePayment, { orderId, approve: false, reason: '凭证不清晰' }, { staffToken });
    expect(reply.body.errorType).toBe('SUCCESS');
    expect(await balances(agentId)).toEqual({ last_store: before.last_store + 3_000, lave_income: before.lave_income + 1_500 });
    expect(await orderRow(orderId)).toMatchObject({ goods_pay_money: 0, award_pay_money: 0 });
    const records = await t.db.kysely.selectFrom('account_changes').selectAll().where('order_code', '=', orderCode).where('amount', '>', 0).execute();
    expect(records.map((r) => [r.account, r.amount, r.change_state]).sort()).toEqual([
      ['income', 1_500, 19],
      ['store', 3_000, 15],
    ]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it("answers '订单不存在' for an unknown order and the state message for an order not awaiting review", async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    expect((await staffCall(t, reviewOfflinePayment, { orderId: 99_999_999, approve: true }, { staffToken })).body.msg).toBe('订单不存在');
    const unpaid = await orderInState(t, 1, { receipt: true });
    expect((await staffCall(t, reviewOfflinePayment, { orderId: unpaid.orderId, approve: true }, { staffToken })).body.msg).toBe(STATE_CHANGED);
    // In state 2 without a receipt waiting: nothing to review.
    const bare = await orderInState(t, 2);
    expect((await staffCall(t, reviewOfflinePayment, { orderId: bare.orderId, approve: true }, { staffToken })).body.msg).toBe(STATE_CHANGED);
    expect((await orderRow(bare.orderId)).circulation_state).toBe(2);
  });

  it('lets exactly one of 10 parallel approvals through', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const { orderId } = await orderInState(t, 2, { receipt: true });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => staffCall(t, reviewOfflinePayment, { orderId, approve: true }, { staffToken })),
    );
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === STATE_CHANGED)).toHaveLength(9);
    expect((await orderRow(orderId)).circulation_state).toBe(3);
    expect(await logsOf(orderId)).toHaveLength(1);
  });

  it('credits a welfare order\'s gift points once when its offline payment is approved (change 14), even when approvals race', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const { orderId, orderCode } = await orderInState(t, 2, { receipt: true, patch: { gift_point: 250 } });
    const replies = await Promise.all(Array.from({ length: 5 }, () => staffCall(t, reviewOfflinePayment, { orderId, approve: true }, { staffToken })));
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(await giftRecords(orderCode)).toEqual([{ amount: 250, change_state: 14 }]);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('credits no gift points when the offline payment is rejected', async () => {
    const staffToken = await staffLoginAs(t, 'caiwu');
    const { orderId, orderCode } = await orderInState(t, 2, { receipt: true, patch: { gift_point: 250 } });
    expect((await staffCall(t, reviewOfflinePayment, { orderId, approve: false, reason: '未收到款项' }, { staffToken })).body.errorType).toBe('SUCCESS');
    expect(await giftRecords(orderCode)).toEqual([]);
  });

  it('credits the parts back once when approvals and rejections race', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    const { orderId, agentId } = await orderInState(t, 2, { receipt: true });
    await reserveParts(t, orderId, 2_000, 700);
    const before = await balances(agentId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffCall(t, reviewOfflinePayment, { orderId, approve: i % 2 === 0, reason: '并发' }, { staffToken }),
      ),
    );
    const won = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(won).toHaveLength(1);
    const rejected = won[0]!.body.obj.circulationState === 1;
    expect(await balances(agentId)).toEqual(
      rejected ? { last_store: before.last_store + 2_000, lave_income: before.lave_income + 700 } : before,
    );
    expect((await receiptsOf(orderId)).map((r) => r.check_state)).toEqual([rejected ? 2 : 1]);
    expect(await ledgerHolds(t)).toBe(true);
  });
});

describe('shipOrder', () => {
  const parcels = [
    { logisticsName: '中通快递', shipperCode: 'zto', waybillCode: '638650888018' },
    { logisticsName: '某某物流', shipperCode: 'XYZ', waybillCode: 'XY-20261121-01', phone: '0755-12345678' },
  ];

  it('moves 3 → 4 with sendState 1, the send date, the parcels and an order log', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const { orderId } = await orderInState(t, 3);
    const reply = await staffCall(t, shipOrder, { orderId, parcels }, { staffToken });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '发货成功', obj: { id: orderId, circulationState: 4, sendState: 1 } });
    expect(await orderRow(orderId)).toMatchObject({ circulation_state: 4, send_state: 1, send_date: t.clock.now().toISOString() });
    const rows = await t.db.kysely.selectFrom('order_parcels').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    expect(rows.map((p) => [p.logistics_name, p.shipper_code, p.waybill_code, p.phone])).toEqual([
      ['中通快递', 'ZTO', '638650888018', '95311'],
      ['某某物流', 'XYZ', 'XY-20261121-01', '0755-12345678'],
    ]);
    expect(await logsOf(orderId)).toEqual([expect.objectContaining({ order_state: 4, opt_name: '发货', opt_by: 'staff:cangku' })]);
    expect((await staffCall(t, shipOrder, { orderId, parcels }, { staffToken })).body.msg).toBe(STATE_CHANGED);
  });

  const one = parcels[0]!;
  it.each([
    [{ parcels: [] }, '请填写包裹信息'],
    [{ parcels: undefined }, '请填写包裹信息'],
    [{ parcels: Array.from({ length: 11 }, (_, i) => ({ ...one, waybillCode: `63865088${1000 + i}` })) }, '最多可填写10个包裹'],
    [{ parcels: [{ ...one, logisticsName: ' ' }] }, '请输入物流公司'],
    [{ parcels: [{ ...one, shipperCode: '' }] }, '请输入快递公司编码'],
    [{ parcels: [{ ...one, shipperCode: 'Z T' }] }, '快递公司编码有误'],
    [{ parcels: [{ ...one, waybillCode: '' }] }, '请输入运单号'],
    [{ parcels: [{ ...one, waybillCode: '12 34' }] }, '运单号格式有误'],
    [{ parcels: [one, { ...one, shipperCode: 'ZTO' }] }, '运单号重复'],
    [{ orderId: 'abc' }, '订单不存在'],
  ])('refuses %j with "%s"', async (bad, msg) => {
    const staffToken = await staffLoginAs(t, 'admin');
    const { orderId } = await orderInState(t, 3);
    expect((await staffCall(t, shipOrder, { orderId, parcels, ...bad }, { staffToken })).body.msg).toBe(msg);
    expect((await orderRow(orderId)).circulation_state).toBe(3);
  });

  it('ships only orders awaiting shipment', async () => {
    const staffToken = await staffLoginAs(t, 'admin');
    for (const state of [1, 2, 4, 6]) {
      const { orderId } = await orderInState(t, state);
      expect((await staffCall(t, shipOrder, { orderId, parcels }, { staffToken })).body.msg).toBe(STATE_CHANGED);
    }
    expect((await staffCall(t, shipOrder, { orderId: 99_999_999, parcels }, { staffToken })).body.msg).toBe('订单不存在');
  });

  it('ships once when 10 shipments race', async () => {
    const staffToken = await staffLoginAs(t, 'cangku');
    const { orderId } = await orderInState(t, 3);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffCall(t, shipOrder, { orderId, parcels: [{ ...one, waybillCode: `7700000000${i}` }] }, { staffToken }),
      ),
    );
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.filter((r) => r.body.msg === STATE_CHANGED)).toHaveLength(9);
    const rows = await t.db.kysely.selectFrom('order_parcels').select('id').where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(1);
  });
});
