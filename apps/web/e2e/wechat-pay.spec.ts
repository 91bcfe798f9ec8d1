import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, loginAs } from './helpers';

/** 赵强 (demo): active, goods fund 0.00, so a WeChat payment pays the whole order. */
const PAYER = { phone: '13800000004', openId: 'o_e2e_wechat_payer' };

async function post(request: APIRequestContext, path: string, payload: Record<string, unknown>, token?: string) {
  const res = await request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: token ? { accessToken: token } : {} });
  return { status: res.status(), body: (await res.json().catch(() => null)) as { errorType: string; msg: string; obj: any; objs: any[] } | null };
}

const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);

/** A WeChat order (settlement radio 2) of the first self-operated product, saved through the API as the page would. */
async function wechatOrder(page: Page) {
  const token = await tokenOf(page);
  const call = (path: string, payload: Record<string, unknown>) => post(page.request, path, payload, token);
  const list = await call('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 10, pageNum: 1 } });
  const detail = await call('/api/prod/selectProdInfoById.do', { prodId: list.body!.objs[0].prodId });
  const spec = detail.body!.obj.prodSingleProductBos.find((s: any) => s.virtualNum > 0);
  const address = await call('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '赵强',
    receiverPhone: PAYER.phone,
    provinceCode: '110000',
    cityCode: '110100',
    districtCode: '110101',
    address: '测试路1号',
    isDefAddr: 1,
  });
  const order = await call('/api/order/saveOrderInfo.do', {
    orderType: 1,
    payType: 2,
    addressId: address.body!.obj.id,
    orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1, prodId: spec.prodId }],
    idempotencyKey: crypto.randomUUID(),
  });
  expect(order.body?.errorType).toBe('SUCCESS');
  return order.body!.obj as { id: number; orderCode: string; actualMoney: string };
}

test.describe('WeChat Pay in the sandbox (spec 1 §4, spec 2 §2 /orderPayResult)', () => {
  test.beforeEach(async ({ request }) => {
    // Logging in with an openId binds it (as the WeChat OAuth login does), so WeChat Pay is allowed.
    await post(request, '/api/home/newLogin.do', { suAccount: PAYER.phone, suPassword: DEMO.password, openId: PAYER.openId });
  });

  test('支付 on the simulated sheet pays the order and the result page says so', async ({ page }) => {
    await loginAs(page, PAYER.phone, DEMO.password);
    const order = await wechatOrder(page);
    await page.goto(`/payment?id=${order.id}`);
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '确认支付' }).click();

    const sheet = page.getByRole('dialog').filter({ hasText: '微信支付（模拟）' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText(new RegExp(`商户订单号 ${order.orderCode}\\d{4}`))).toBeVisible();
    await sheet.getByRole('button', { name: '支付' }).click();

    await expectToast(page, '支付成功');
    await expect(page).toHaveURL(/\/orderPayResult\?payResult=1&/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    await expect(page.getByTestId('pay-result-code')).toHaveText(order.orderCode);
    await expect(page.getByText('订单支付')).toBeVisible();
    await expect(page.getByText(`¥${order.actualMoney}`).first()).toBeVisible();

    await page.getByRole('link', { name: '查看订单' }).click();
    await expect(page).toHaveURL(new RegExp(`/ordersDetail\\?id=${order.id}$`));
    const paid = await post(page.request, '/api/order/selOrderInfoBySerialNumber.do', { serialNumber: order.orderCode }, await tokenOf(page));
    expect(paid.body?.obj).toMatchObject({ circulationState: 3, payState: 1 });
  });

  test('取消 and 模拟失败 end on the result page as failure, and the order stays unpaid', async ({ page }) => {
    await loginAs(page, PAYER.phone, DEMO.password);
    for (const [button, message] of [
      ['取消', '支付取消'],
      ['模拟失败', '支付失败，请重试'],
    ] as const) {
      const order = await wechatOrder(page);
      await page.goto(`/payment?id=${order.id}`);
      await page.getByRole('radio', { name: '微信支付' }).check();
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.getByRole('dialog').filter({ hasText: '微信支付（模拟）' }).getByRole('button', { name: button }).click();
      await expectToast(page, message);
      await expect(page).toHaveURL(/\/orderPayResult\?payResult=0&/);
      await expect(page.getByRole('heading', { name: '支付失败' })).toBeVisible();
      const unpaid = await post(page.request, '/api/order/selOrderInfoBySerialNumber.do', { serialNumber: order.orderCode }, await tokenOf(page));
      expect(unpaid.body?.obj).toMatchObject({ circulationState: 1, payState: 0 });
      await page.getByRole('link', { name: '返回首页' }).click();
      await expect(page).toHaveURL(/\/home$/);
    }
  });

  test('from the settlement: 微信支付, 提交订单, 支付 on the sheet, the result page says 支付成功', async ({ page }) => {
    await loginAs(page, PAYER.phone, DEMO.password);
    const token = await tokenOf(page);
    const call = (path: string, payload: Record<string, unknown>) => post(page.request, path, payload, token);
    const cart = await call('/api/prod/selectOrderShopCart.do', {});
    if (cart.body!.objs.length) await call('/api/prod/deleteOrderShopCart.do', { cartIdList: cart.body!.objs.map((l) => l.cartId) });
    await call('/api/order/saveOrderLogisticsAddress.do', { receiverNmae: '赵强', receiverPhone: PAYER.phone, provinceCode: '110000', cityCode: '110100', districtCode: '110101', address: '结算路2号', isDefAddr: 1 });
    const list = await call('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 10, pageNum: 1 } });
    const detail = await call('/api/prod/selectProdInfoById.do', { prodId: list.body!.objs[0].prodId });
    const spec = detail.body!.obj.prodSingleProductBos.find((s: any) => s.virtualNum > 0);
    await call('/api/prod/saveOrderShopCart.do', { singleProdId: spec.singleProdId, prodNum: 1, prodType: 1 });

    await page.goto('/shop');
    await page.getByRole('checkbox', { name: '全选' }).check();
    await page.getByRole('button', { name: /^结算/ }).click();
    await expect(page).toHaveURL(/\/settlement$/);
    await expect(page.getByText('结算路2号')).toBeVisible();
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();

    const sheet = page.getByRole('dialog').filter({ hasText: '微信支付（模拟）' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: '支付' }).click();
    await expectToast(page, '支付成功');
    await expect(page).toHaveURL(/\/orderPayResult\?payResult=1&/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    const code = (await page.getByTestId('pay-result-code').textContent())!;
    const paid = await post(page.request, '/api/order/selOrderInfoBySerialNumber.do', { serialNumber: code }, token);
    expect(paid.body?.obj).toMatchObject({ circulationState: 3, payState: 1 });
  });
});
