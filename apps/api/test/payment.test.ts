import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPayment, saveOrderInfo, selectOrderPayInfo, uploadImgFile } from '@shop/contract';
import { moveBalance } from '../src/modules/ledger/ledger.repository.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { addAddress, addProduct, ledgerHolds } from './helpers/shop-fixture.js';
import { MINUTE } from './helpers/time.js';
import { setPayPasswordBySms } from './helpers/pay-password-fixture.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

// The demo grades carry gift items (weight, so freight); these tests price their own products only.
beforeAll(async () => {
  await t.db.kysely.deleteFrom('grade_gifts').execute();
});

/** Sets a balance through the ledger (a change record of the difference), so the invariant keeps holding. */
async function setBalance(t: TestApp, agentId: number, account: 'store' | 'totalScore', fen: number) {
  const column = account === 'store' ? 'last_store' : 'lave_income';
  await t.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('agents').select(column).where('id', '=', agentId).executeTakeFirstOrThrow();
    const diff = fen - Number((row as Record<string, number>)[column]);
    if (diff !== 0) await moveBalance(trx, { platId: 'plat-demo', agentId, account, amount: diff, changeState: 11, orderCode: null, remark: '测试调整', at: t.clock.now().toISOString() });
  });
}

async function balances(t: TestApp, agentId: number) {
  const r = await t.db.kysely.selectFrom('agents').select(['last_store', 'lave_income']).where('id', '=', agentId).executeTakeFirstOrThrow();
  return { store: Number(r.last_store), income: Number(r.lave_income) };
}

/** An unpaid self-operated order of 2 × price + freight 10.00 (2 × 500 g to 北京). */
async function unpaidOrder(t: TestApp, token: string, price = 12_000, payType = 1) {
  const addressId = await addAddress(t, token);
  const p = await addProduct(t, { stock: 100, finalPrice: price });
  const reply = await t.call(saveOrderInfo, { orderType: 1, payType, addressId, orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] }, { token });
  if (reply.body.errorType !== 'SUCCESS') throw new Error(reply.text);
  return reply.body.obj as { id: number; orderCode: string; actualMoney: string };
}

async function voucher(t: TestApp, token: string) {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#39f' } }).png().toBuffer();
  return (await t.upload(uploadImgFile, [{ name: 'v.png', data: png }], { token })).body.obj as string;
}

describe('orderPayment (spec 2 §2 /payment, §4 payment flow)', () => {
  it('a wrong payment password says how many tries are left, and the fifth locks', async () => {
    const { token } = await t.login('13800000001', PASSWORD);
    const order = await unpaidOrder(t, token);
    const wrong = async () => (await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '000000' }, { token })).body;
    for (const left of [4, 3, 2, 1]) expect(await wrong()).toMatchObject({ errorType: 'PAY_PASSWORD_WRONG', msg: `密码错误，还可输入${left}次` });
    expect(await wrong()).toMatchObject({ errorType: 'PAY_PASSWORD_LOCKED', msg: '支付密码错误次数过多，请15分钟后再试' });
    expect((await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456' }, { token })).body.errorType).toBe('PAY_PASSWORD_LOCKED');
    await t.db.kysely.deleteFrom('attempts').where('key', 'like', 'paypw:%').execute(); // the other cases pay as this agent
  });

  it('pays from the goods fund alone when it covers the order (isCanState 1), with the payment password', async () => {
    const { token, user } = await t.login('13800000001', PASSWORD);
    const order = await unpaidOrder(t, token); // 240.00 + 10.00
    const info = await t.call(selectOrderPayInfo, { id: order.id }, { token });
    expect(info.body.obj).toMatchObject({ isCanState: 1, goodsPayMoney: '250.00', outstanding: '0.00', circulationState: 1 });
    const before = await balances(t, user.agentId);

    expect((await t.call(orderPayment, { id: order.id, payType: 1 }, { token })).body.msg).toBe('请输入支付密码');
    expect((await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '000000' }, { token })).body.msg).toBe('密码错误，还可输入4次');
    const paid = await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456', goodsPayMoney: '250.00' }, { token });
    expect(paid.body).toMatchObject({ errorType: 'SUCCESS', msg: '支付成功' });
    expect(paid.body.obj).toMatchObject({ circulationState: 3, payType: 1 });
    expect((await balances(t, user.agentId)).store).toBe(before.store - 25_000);
    const record = await t.db.kysely.selectFrom('account_changes').selectAll().where('order_code', '=', order.orderCode).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ account: 'store', amount: -25_000, change_state: 22 });
    expect((await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456' }, { token })).body.msg).toBe('订单已支付或已关闭，请勿重复支付');
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('splits with total-score income when the goods fund is short (isCanState 4): goods 22, postage 27', async () => {
    const { token, user } = await t.login('13800000001', PASSWORD);
    await setBalance(t, user.agentId, 'store', 10_000);
    await setBalance(t, user.agentId, 'totalScore', 80_000);
    const order = await unpaidOrder(t, token); // goods 240.00, freight 10.00
    const info = await t.call(selectOrderPayInfo, { id: order.id }, { token });
    expect(info.body.obj).toMatchObject({ isCanState: 4, goodsPayMoney: '100.00', outstanding: '150.00', shortfall: '150.00' });

    expect((await t.call(orderPayment, { id: order.id, payType: 7, payPassword: '123456', awardPayMoney: '149.00' }, { token })).body.msg).toBe(
      '支付金额有误，请刷新后重试',
    );
    const paid = await t.call(orderPayment, { id: order.id, payType: 7, payPassword: '123456', goodsPayMoney: '100.00', awardPayMoney: '150.00' }, { token });
    expect(paid.body.obj).toMatchObject({ circulationState: 3, payType: 7 });
    expect(await balances(t, user.agentId)).toEqual({ store: 0, income: 65_000 });
    const records = await t.db.kysely.selectFrom('account_changes').select(['account', 'amount', 'change_state']).where('order_code', '=', order.orderCode).orderBy('id').execute();
    expect(records).toEqual([
      { account: 'store', amount: -10_000, change_state: 22 },
      { account: 'income', amount: -14_000, change_state: 22 },
      { account: 'income', amount: -1_000, change_state: 27 },
    ]);
    expect(await ledgerHolds(t)).toBe(true);
    await setBalance(t, user.agentId, 'store', 5_000_000);
  });

  it('submits an offline payment for review with vouchers; the goods fund pays its part (state 2)', async () => {
    const { token, user } = await t.login('13800000001', PASSWORD);
    await setBalance(t, user.agentId, 'store', 5_000);
    const order = await unpaidOrder(t, token);
    const url = await voucher(t, token);
    // ADR 0024: the goods fund's share leaves the account, so the payment password is asked here too.
    const base = { id: order.id, payType: 8, payPassword: '123456' };
    const bo = { accountId: 1, remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl: url };
    expect((await t.call(orderPayment, base, { token })).body.msg).toBe('请选择收款账户');
    expect((await t.call(orderPayment, { ...base, orderReceiptRecordBo: { ...bo, accountId: 999 } }, { token })).body.msg).toBe('请选择收款账户');
    expect((await t.call(orderPayment, { ...base, orderReceiptRecordBo: { ...bo, remitAccountName: '' } }, { token })).body.msg).toBe('请输入打款账户名');
    expect((await t.call(orderPayment, { ...base, orderReceiptRecordBo: { ...bo, remitAccountNumber: '' } }, { token })).body.msg).toBe('请输入打款账户');
    expect((await t.call(orderPayment, { ...base, orderReceiptRecordBo: { ...bo, voucherImgUrl: '' } }, { token })).body.msg).toBe('请上传打款凭证');
    expect((await t.call(orderPayment, { ...base, orderReceiptRecordBo: { ...bo, voucherImgUrl: 'https://evil.example/x.jpg' } }, { token })).body.msg).toBe('请上传打款凭证');

    const sent = await t.call(orderPayment, { ...base, orderReceiptRecordBo: bo, goodsPayMoney: '50.00', offlinePayMoney: '200.00' }, { token });
    expect(sent.body.obj).toMatchObject({ circulationState: 2, payType: 8 });
    const receipt = await t.db.kysely.selectFrom('receipt_records').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ check_state: 0, remit_account_name: '张明', receive_bank_name: '中国工商银行', voucher_img_url: url });
    expect((await balances(t, user.agentId)).store).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
    await setBalance(t, user.agentId, 'store', 5_000_000);

    // The order detail shows the voucher through a signed link an <img> can open.
    const detail = await t.call('/api/order/selectOrderInfoByOrderId.do', { id: order.id }, { token });
    const [link] = detail.body.obj.orderReceiptRecordBos[0].voucherImgUrls as string[];
    expect(link).toMatch(/^\/api\/common\/upload\/[0-9a-f-]{36}\.jpg\?exp=\d+&v=a\d+&sig=[0-9a-f]{64}$/);
    const image = await t.app.inject({ method: 'GET', url: link! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('offline chosen at the settlement (isCanState 5) pays the whole order offline; the goods fund takes nothing', async () => {
    const { token, user } = await t.login('13800000001', PASSWORD);
    const order = await unpaidOrder(t, token, 12_000, 4);
    const info = await t.call(selectOrderPayInfo, { id: order.id }, { token });
    expect(info.body.obj).toMatchObject({ isCanState: 5, goodsPayMoney: '0.00', outstanding: '250.00' });
    const before = await balances(t, user.agentId);
    const bo = { accountId: 1, remitAccountName: '张明', remitAccountNumber: '6222020000000000', voucherImgUrl: await voucher(t, token) };
    const sent = await t.call(orderPayment, { id: order.id, payType: 8, orderReceiptRecordBo: bo, goodsPayMoney: '0.00', offlinePayMoney: '250.00' }, { token });
    expect(sent.body.obj).toMatchObject({ circulationState: 2, payType: 4 });
    expect(await balances(t, user.agentId)).toEqual(before);
  });

  it("another agent can neither see nor pay the order; a timed-out order cannot be paid", async () => {
    const a = await t.login('13800000001', PASSWORD);
    const b = await t.login('13800000004', PASSWORD);
    const order = await unpaidOrder(t, a.token);
    expect((await t.call(selectOrderPayInfo, { id: order.id }, { token: b.token })).body.msg).toBe('订单不存在');
    expect((await t.call(orderPayment, { id: order.id, payType: 7 }, { token: b.token })).body.msg).toBe('订单不存在');
    t.clock.advance(31 * MINUTE);
    expect((await t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456' }, { token: a.token })).body.msg).toBe('订单已超时关闭');
  });

  it('20 parallel payments of one order: exactly one succeeds and the goods fund moves once', async () => {
    const { token, user } = await t.login('13800000001', PASSWORD);
    const order = await unpaidOrder(t, token);
    const before = await balances(t, user.agentId);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => t.call(orderPayment, { id: order.id, payType: 1, payPassword: '123456' }, { token })),
    );
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS')).toHaveLength(1);
    expect((await balances(t, user.agentId)).store).toBe(before.store - 25_000);
    const debits = await t.db.kysely.selectFrom('account_changes').select('id').where('order_code', '=', order.orderCode).execute();
    expect(debits).toHaveLength(1);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('parallel payments of many orders never take the goods fund below zero', async () => {
    // With a payment password: right ones in parallel never lock (ADR 0024: only failures are counted).
    const { token, user } = await t.login('13800000004', PASSWORD);
    await setPayPasswordBySms(t, token, '13800000004');
    const orders = [];
    await setBalance(t, user.agentId, 'store', 33_000); // three of them
    for (let i = 0; i < 8; i++) orders.push(await unpaidOrder(t, token, 5_000)); // 100.00 + 10.00 each
    const replies = await Promise.all(orders.map((o) => t.call(orderPayment, { id: o.id, payType: 1, payPassword: '123456' }, { token })));
    const ok = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(ok).toHaveLength(3);
    expect(replies.filter((r) => r.body.errorType !== 'SUCCESS').every((r) => /^货款余额不足/.test(r.body.msg))).toBe(true);
    expect((await balances(t, user.agentId)).store).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });
});
