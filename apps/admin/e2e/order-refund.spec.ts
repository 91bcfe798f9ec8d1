import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { describeViolations, settle, WCAG_TAGS } from '../../web/e2e/axe';
import { shot } from '../../web/e2e/helpers';
import { loginAs, PLAT_ID, staffApi } from './console';

/**
 * ADR 0034: finance refunds part of an order paid with goods fund + WeChat (the sandbox); the preview
 * shows each part, the WeChat part goes back through the payment wing, and the agent sees 部分退款 and the goods-fund
 * record in the shop's API.
 */
test('a partial refund of a goods fund + WeChat order: preview per method, 退款成功, and the agent sees 部分退款', async ({ page, request }) => {
  const phone = '13800000001';
  // Logging in with an openId binds it, so WeChat Pay is allowed (as in wechat-pay.spec.ts).
  const login = await request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: phone, suPassword: 'demo1234', openId: 'o_e2e_refund' }) } });
  const { accessToken: token, obj: user } = await login.json();
  expect(token).toBeTruthy();
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };

  // The goods fund set to 50.01 by finance, so the order splits into goods fund + WeChat (given back at the end).
  const finance = await staffApi(page, 'finance');
  const account = await post('/api/agentAccount/paymentPageOfPersonalInit.do', {});
  const store = Math.round(Number(account.obj.lastStore) * 100);
  const down = store - 5_001;
  await finance('/api/staff/adjustAgentBalance.do', { agentId: user.agentId, account: 'store', amount: (-down / 100).toFixed(2), reason: '退款测试：调低货款', idempotencyKey: crypto.randomUUID() });

  try {
    const address = await post('/api/order/saveOrderLogisticsAddress.do', {
      receiverNmae: '张明', receiverPhone: phone, provinceCode: '440000', cityCode: '440300', districtCode: '440305', address: '科技园南区1栋', isDefAddr: 1,
    });
    const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
    const product = zone.objs.find((p: any) => p.prodName === '深海鱼油软胶囊');
    const detail = await post('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
    const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
    const order = (await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 2, addressId: address.obj.id, orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 3 }], idempotencyKey: crypto.randomUUID() })).obj;
    const paying = await post('/api/order/orderPayment.do', { id: order.id, payType: 6, payPassword: '123456', idempotencyKey: crypto.randomUUID() });
    const paid = await request.post('/dev/wechatpay/simulate.do', { data: { outTradeNo: paying.obj.wechat.outTradeNo, outcome: 'pay' }, headers: { accessToken: token } });
    expect(paid.status()).toBe(200);
    const before = (await post('/api/order/selectOrderInfoByOrderId.do', { id: order.id })).obj;
    expect(before).toMatchObject({ circulationState: 3, goodsPayMoney: '50.01' });

    await loginAs(page, 'finance');
    await page.getByRole('menuitem', { name: '订单查询' }).click();
    await page.getByLabel('订单编号').fill(order.orderCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByRole('row').filter({ hasText: order.orderCode }).getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.getByRole('dialog', { name: `订单 ${order.orderCode}` });
    await expect(drawer.getByText('没有退款记录')).toBeVisible();
    await drawer.getByRole('button', { name: /^退\s*款$/ }).click();

    const dialog = page.getByRole('dialog', { name: `退款 · 订单 ${order.orderCode}` });
    await expect(dialog.getByText('请选择要退款的商品和数量')).toBeVisible();
    await dialog.getByLabel('深海鱼油软胶囊 退款数量').fill('1');
    // The server's preview: a third of the goods, split between the goods fund and WeChat in proportion.
    await expect(dialog.getByText('部分退款')).toBeVisible();
    const figures = dialog.locator('.ant-descriptions');
    await expect(figures).toContainText('退回货款');
    await expect(figures).toContainText('微信原路退回');
    // The dialog itself is axe clean (WCAG 2.2 AA, serious and critical).
    await settle(page);
    const axe = await new AxeBuilder({ page }).include('.order-refund-body').withTags(WCAG_TAGS).analyze();
    const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking, describeViolations(blocking)).toEqual([]);
    await shot(page, 'order-refund-preview');
    await dialog.getByLabel('退款原因').fill('客户退回一瓶');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await expect(page.getByText(/退款已完成：¥/)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The refund record: 部分, the WeChat part 退款成功 (the sandbox notifies at once).
    const record = drawer.getByRole('row').filter({ hasText: `TK${order.orderCode}` });
    await expect(record).toContainText('部分');
    await expect(record).toContainText('退款成功');
    await expect(record).toContainText('客户退回一瓶');
    await shot(page, 'order-refund-drawer');
    // The console fits 1440 wide without a horizontal scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The agent: 部分退款 on the order, the refund with its goods-fund part, and the goods fund's record (code 15).
    const mine = await post('/api/order/selectMyOrderRefunds.do', { orderId: order.id });
    expect(mine.obj).toMatchObject({ refundState: 1, refundStateText: '部分退款' });
    const [refund] = mine.objs;
    expect(Number(refund.storeAmount)).toBeGreaterThan(0);
    expect(Number(refund.wechatAmount)).toBeGreaterThan(0);
    expect((Number(refund.storeAmount) * 100 + Number(refund.wechatAmount) * 100).toFixed(0)).toBe((Number(refund.amount) * 100).toFixed(0));
    const list = await post('/api/order/selectOrderInfoList.do', { circulationState: -1, phonePage: { pageSize: 10, pageNum: 1 } });
    expect(list.objs.find((o: any) => o.id === order.id)).toMatchObject({ circulationState: 3, refundState: 1 });
    const bill = await post('/api/agentAccount/selectBillOfGoods.do', { phonePage: { pageSize: 10, pageNum: 1 } });
    expect(bill.obj.agentStoreChangeRecordlist.find((r: any) => r.orderCode === order.orderCode && r.changeState === 15)).toMatchObject({ changeType: 1, changeMoney: refund.storeAmount });
  } finally {
    const now = Math.round(Number((await post('/api/agentAccount/paymentPageOfPersonalInit.do', {})).obj.lastStore) * 100);
    if (store - now > 0) await finance('/api/staff/adjustAgentBalance.do', { agentId: user.agentId, account: 'store', amount: ((store - now) / 100).toFixed(2), reason: '退款测试：恢复货款', idempotencyKey: crypto.randomUUID() });
  }
});
