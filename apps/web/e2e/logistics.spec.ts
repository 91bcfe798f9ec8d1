import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, loginAs } from './helpers';

/** POST to the API with a header of our choice (the page's agent session, or a staff token). */
async function post(page: Page, path: string, payload: Record<string, unknown>, headers: Record<string, string>) {
  const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers });
  const body = (await res.json()) as { errorType: string; msg: string; obj: any; objs: any[]; staffToken?: string };
  expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
  return body;
}

/** An order of 张明 for one bottle of the demo fish oil, saved through the API (unpaid). */
async function placeOrder(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const agent = { accessToken: token };
  const address = await post(
    page,
    '/api/order/saveOrderLogisticsAddress.do',
    { receiverNmae: '张明', receiverPhone: '13800000001', provinceCode: '440000', cityCode: '440300', districtCode: '440305', address: '科技园南区1栋', isDefAddr: 1 },
    agent,
  );
  const zone = await post(page, '/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } }, agent);
  const product = zone.objs.find((p) => p.prodName === '深海鱼油软胶囊');
  const detail = await post(page, '/api/prod/selectProdInfoById.do', { prodId: product.prodId }, agent);
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
  const saved = await post(
    page,
    '/api/order/saveOrderInfo.do',
    { orderType: 1, payType: 1, addressId: address.obj.id, orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }], idempotencyKey: crypto.randomUUID() },
    agent,
  );
  return { id: saved.obj.id as number, agent };
}

test('a shipped order shows its parcels in tabs, the newest step first, and copies the waybill number', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);
  // Paid from the goods fund (payment password 123456), then shipped by the warehouse through the staff API.
  await post(page, '/api/order/orderPayment.do', { id: order.id, payType: 1, payPassword: '123456', idempotencyKey: crypto.randomUUID() }, order.agent);
  const login = await post(page, '/api/staff/staffLogin.do', { username: 'cangku', password: 'staff1234' }, {});
  await post(
    page,
    '/api/staff/shipOrder.do',
    {
      orderId: order.id,
      parcels: [
        { logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: '638650888018' },
        { logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF1400000000001' },
      ],
    },
    { staffToken: login.staffToken! },
  );

  await page.goto(`/logisticsInformation?logisticsId=${order.id}&waybillCode=638650888018&receiverPhone=13800000001`);
  await expect(page.getByRole('tab')).toHaveText(['包裹一', '包裹二']);
  await expect(page.getByText('中通快递', { exact: true })).toBeVisible();
  await expect(page.getByText('95311', { exact: true })).toBeVisible();
  await expect(page.getByTestId('waybill-code')).toHaveText('638650888018');
  const newest = page.getByRole('list', { name: '物流轨迹' }).getByRole('listitem').first();
  await expect(newest).toContainText('运输中');
  await expect(newest).toContainText('已揽收');
  await expect(newest.locator('time')).toHaveText(/^\d{2}-\d{2}\d{2}:\d{2}$/);

  await page.getByRole('button', { name: '复制' }).click();
  await expectToast(page, '复制成功');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('638650888018');

  await page.getByRole('tab', { name: '包裹二' }).click();
  await expect(page.getByTestId('waybill-code')).toHaveText('SF1400000000001');
  await expect(page.getByText('顺丰速运', { exact: true })).toBeVisible();
});

test("an order that has not shipped shows '暂无物流信息'", async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);
  await page.goto(`/logisticsInformation?logisticsId=${order.id}`);
  await expect(page.getByText('暂无物流信息')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});
