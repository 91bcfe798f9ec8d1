import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chargeRechargeAudit, reviewRecharge, storePrePay, submitApplicationsForPersonal, wxPayFailCallBack, wxPaySuccessCallBack } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { agentRow, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { ledgerHolds } from './helpers/shop-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { notify, paymentRow, sandboxOf } from './helpers/wechatpay-fixture.js';

/**
 * ADR 0025: an agent's top-up / upgrade record says what it truly is now (a rejected WeChat top-up is refunded, not
 * paid; a paid one waits in review), and cancelling a pay sheet whose payment went through says so.
 */
const t = useTestApp();
const page = { pageSize: 10, pageNum: 1 };

/** A first top-up by WeChat, prepaid: the application and its out_trade_no. */
async function wechatTopUp() {
  const a = await freshAgent(t, { status: 0 });
  const r = await t.call(submitApplicationsForPersonal, { rechargeMoney: '1000.00', payType: 2, idempotencyKey: randomUUID() }, { token: a.token });
  expect(r.body.errorType, r.text).toBe('SUCCESS');
  const pre = await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token });
  expect(pre.body.errorType, pre.text).toBe('SUCCESS');
  return { a, id: r.body.obj.id as number, code: r.body.obj.rechargeCode as string, outTradeNo: pre.body.obj.outTradeNo as string };
}

const recordOf = async (token: string, id: number) =>
  (await t.call(chargeRechargeAudit, { phonePage: page }, { token })).body.objs.find((r: any) => r.id === id);

describe('the records tell the truth', () => {
  it('a paid WeChat top-up reads 审核中; rejected, it reads 退款中 while WeChat refunds and 已退款 after, never paid', async () => {
    const { a, id, outTradeNo } = await wechatTopUp();
    expect((await notify(t, sandboxOf(t).markPaid(outTradeNo, t.clock.now()))).status).toBe(204);
    expect(await recordOf(a.token, id)).toMatchObject({ checkState: 0, refundState: null, stateText: '审核中' });
    expect((await t.call(wxPaySuccessCallBack, { serialNumber: outTradeNo }, { token: a.token })).body.objs[0]).toMatchObject({ checkState: 0, wxPayState: 1, refundState: null, stateText: '审核中' });

    const staff = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, reviewRecharge, { id, approve: false, reason: '重复充值' }, { staffToken: staff })).body.obj.checkState).toBe(2);
    const refund = await t.db.kysely.selectFrom('refunds').selectAll().where('subject_kind', '=', 'recharge').where('subject_id', '=', id).executeTakeFirstOrThrow();
    // The sandbox refunds at once; WeChat may take a while: the same refund, still processing.
    expect(refund.state).toBe(1);
    expect(await recordOf(a.token, id)).toMatchObject({ checkState: 2, checkRemark: '重复充值', refundState: 1, stateText: '已退款' });
    const back = (await t.call(wxPaySuccessCallBack, { serialNumber: outTradeNo }, { token: a.token })).body.objs[0];
    expect(back).toMatchObject({ checkState: 2, refundState: 1, stateText: '已退款' });

    await t.db.kysely.updateTable('refunds').set({ state: 0 }).where('id', '=', refund.id).execute();
    expect(await recordOf(a.token, id)).toMatchObject({ refundState: 0, stateText: '退款中' });
    expect((await agentRow(t, a.agentId)).last_store).toBe(0);
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('other records keep their review state: offline pending 审核中, rejected 已失效 without a refund', async () => {
    const a = await freshAgent(t, { status: 0 });
    const offline = { accountId: await receivingAccountId(t, a.token), voucherImgUrl: await uploadVoucher(t, a.token), remitAccountName: '李华', remitAccountNumber: '6222000011112222' };
    const r = await t.call(submitApplicationsForPersonal, { rechargeMoney: '1000.00', payType: 1, ...offline, idempotencyKey: randomUUID() }, { token: a.token });
    expect(r.body.errorType, r.text).toBe('SUCCESS');
    expect(await recordOf(a.token, r.body.obj.id)).toMatchObject({ checkState: 0, refundState: null, stateText: '审核中' });
    const staff = await staffLoginAs(t, 'caiwu');
    await staffCall(t, reviewRecharge, { id: r.body.obj.id, approve: false, reason: '信息不符' }, { staffToken: staff });
    expect(await recordOf(a.token, r.body.obj.id)).toMatchObject({ checkState: 2, refundState: null, stateText: '已失效' });
  });
});

describe('cancelling the pay sheet after the payment went through', () => {
  it('notified first: the cancel answers paid and under review, and nothing is cancelled', async () => {
    const { a, id, outTradeNo } = await wechatTopUp();
    await notify(t, sandboxOf(t).markPaid(outTradeNo, t.clock.now()));
    const fail = await t.call(wxPayFailCallBack, { id }, { token: a.token });
    expect(fail.body).toMatchObject({ errorType: 'SUCCESS', msg: '支付已成功，正在审核中', obj: { id, checkState: 0, paid: true } });
    expect((await paymentRow(t, outTradeNo)).state).toBe(1);
    expect(await recordOf(a.token, id)).toMatchObject({ checkState: 0, stateText: '审核中' });
    expect(await ledgerHolds(t)).toBe(true);
  });

  it('WeChat says paid when we close it (notification not yet here): settled, answered paid and under review', async () => {
    const { a, id, outTradeNo } = await wechatTopUp();
    sandboxOf(t).markPaid(outTradeNo, t.clock.now()); // paid at WeChat; its notification never arrives
    const fail = await t.call(wxPayFailCallBack, { id }, { token: a.token });
    expect(fail.body).toMatchObject({ errorType: 'SUCCESS', msg: '支付已成功，正在审核中', obj: { id, checkState: 0, paid: true } });
    expect((await paymentRow(t, outTradeNo)).state).toBe(1);
    expect(await recordOf(a.token, id)).toMatchObject({ checkState: 0, stateText: '审核中' });
    // No refund: the payment counts, staff review it.
    expect(await t.db.kysely.selectFrom('refunds').selectAll().where('subject_id', '=', id).where('subject_kind', '=', 'recharge').execute()).toEqual([]);
  });

  it('not paid: the cancel cancels (已取消支付)', async () => {
    const { a, id, outTradeNo } = await wechatTopUp();
    const fail = await t.call(wxPayFailCallBack, { id }, { token: a.token });
    expect(fail.body).toMatchObject({ errorType: 'SUCCESS', msg: '已取消支付', obj: { id, checkState: 3, paid: false } });
    expect((await paymentRow(t, outTradeNo)).state).toBe(2);
  });
});
