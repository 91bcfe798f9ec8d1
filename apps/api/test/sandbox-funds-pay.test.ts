import { describe, expect, it } from 'vitest';
import { bondPrePay, payBondManageByWxPayBefore, storePrePay, submitApplicationsForPersonal, wxPaySuccessCallBack, wxPaySuccessCallBackByBond } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { paymentRow, simulate } from './helpers/wechatpay-fixture.js';

const t = useTestApp();

/**
 * The sandbox pay sheet (the demo's WeChat Pay outside WeChat) pays every subject of the payment wing, not only
 * orders: before this, 支付 on a top-up, upgrade or deposit answered 404 '支付记录不存在' and nothing could be paid.
 */
describe('sandbox pay sheet for top-ups and deposits', () => {
  it('支付 on a first top-up moves it to review; another agent cannot pay it', async () => {
    const a = await freshAgent(t, { status: 0 });
    const b = await freshAgent(t, { status: 0 });
    const r = await t.call(submitApplicationsForPersonal, { rechargeMoney: '1000.00', payType: 2 }, { token: a.token });
    const pre = await t.call(storePrePay, { rechargeId: r.body.obj.id }, { token: a.token });
    const outTradeNo = pre.body.obj.outTradeNo as string;
    expect((await simulate(t, b.token, outTradeNo, 'pay')).status).toBe(404);
    const paid = await simulate(t, a.token, outTradeNo, 'pay');
    expect(paid).toMatchObject({ status: 200, body: { result: 'paid' } });
    expect((await paymentRow(t, outTradeNo)).state).toBe(1);
    const back = await t.call(wxPaySuccessCallBack, { serialNumber: r.body.obj.rechargeCode }, { token: a.token });
    expect(back.body.objs).toEqual([expect.objectContaining({ rechargeMoney: '1000.00', checkState: 0, wxPayState: 1 })]);
  });

  it('支付 on a deposit payment moves it to review', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 1, needBond: 1 });
    const before = await t.call(payBondManageByWxPayBefore, { bondMoney: '1000.00', payType: 2 }, { token: a.token });
    const pre = await t.call(bondPrePay, { attach: before.body.obj.id }, { token: a.token });
    const paid = await simulate(t, a.token, pre.body.obj.outTradeNo, 'pay');
    expect(paid).toMatchObject({ status: 200, body: { result: 'paid' } });
    const back = await t.call(wxPaySuccessCallBackByBond, { serialNumber: before.body.obj.bondCode }, { token: a.token });
    expect(back.body.obj).toMatchObject({ bondMoney: '1000.00', checkState: 0, wxPayState: 1 });
  });
});
