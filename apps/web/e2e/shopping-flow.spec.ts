import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, fill, loginAs, pickRegion } from './helpers';

/** POST as the logged-in page, with the page's own session. */
async function asPage(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    return (await res.json()) as { errorType: string; obj: any; objs: any[] };
  };
}

test('from the home page to a saved order: product, cart, settlement, a new address, submit, /payment', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const post = await asPage(page);
  // Start with an empty cart and no address, so the settlement asks for one.
  const cart = await post('/api/prod/selectOrderShopCart.do', {});
  if (cart.objs.length) await post('/api/prod/deleteOrderShopCart.do', { cartIdList: cart.objs.map((l) => l.cartId) });
  const addresses = await post('/api/order/selectOrderLogisticsAddress.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  for (const a of addresses.objs) await post('/api/order/deleteOrderLogisticsAddressById.do', { id: a.id });

  // A product from the home page into the cart.
  await page.getByRole('tabpanel').getByRole('link', { name: /深海鱼油软胶囊/ }).click();
  await expect(page).toHaveURL(/\/detail\?prodId=\d+&prodType=1$/);
  await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await sheet.getByRole('radio', { name: '120粒/瓶' }).click();
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  await expectToast(page, '添加购物车成功');

  // The cart: the line just added comes in ticked, so settling needs no extra tap.
  await page.goto('/shop');
  await expect(page.getByText('深海鱼油软胶囊')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '全选' })).toBeChecked();
  await page.getByRole('button', { name: /^结算/ }).click();
  await expect(page).toHaveURL(/\/settlement$/);

  // No address yet: add one through the region picker, then pick it.
  await page.getByRole('button', { name: '+ 添加收货地址' }).click();
  await expect(page).toHaveURL(/\/address\?openType=1/);
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await fill(page, '收货人', '张明');
  await fill(page, '手机号码', '13800000001');
  await pickRegion(page, ['广东省', '深圳市', '南山区']);
  await fill(page, '详细地址', '科技园南区1栋');
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存成功');
  // Saved from the settlement: straight back there with the new address chosen.
  await expect(page).toHaveURL(/\/settlement$/, { timeout: 5000 });
  await expect(page.getByText('广东省深圳市南山区科技园南区1栋')).toBeVisible();

  // The server's figures: 179.00 for the 120-capsule bottle of 张明's grade, freight by weight to 广东.
  await expect(page.getByText('商品金额')).toBeVisible();
  const total = page.locator('.submit-bar .price');
  await expect(total).toHaveText(/^¥\d+\.\d\d$/);

  // The default method is chosen already: the goods-fund balance.
  await expect(page.getByRole('radio', { name: '货款余额支付' })).toBeChecked();
  const shown = await total.textContent();
  await page.getByRole('button', { name: '提交订单' }).click();

  await expect(page).toHaveURL(/\/payment$/);
  const code = page.getByTestId('order-code');
  await expect(code).toHaveText(/^DD\d{20}$/);
  await expect(page.locator('.row', { hasText: '订单金额' })).toContainText(shown!.trim());

  // The order exists with that code, and the cart line left the cart.
  // /payment keeps only the order's id; the split (isCanState 1: the goods fund pays it all) is the server's.
  const pending = await page.evaluate(() => JSON.parse(sessionStorage.getItem('shop.pendingPayment') ?? 'null'));
  expect(pending).toEqual({ orderId: expect.any(Number) });
  expect((await post('/api/order/selectOrderPayInfo.do', { id: pending.orderId })).obj).toMatchObject({ isCanState: 1, orderCode: await code.textContent() });
  expect((await post('/api/prod/selectOrderShopCart.do', {})).objs).toEqual([]);

  // Pay it from the goods fund: 张明 has a payment password, checked on the server.
  // Who pays what: the goods fund pays it all, so no '还需支付 ¥0.00' beside the amount.
  const split = page.getByRole('region', { name: '支付明细' });
  await expect(split.locator('.row', { hasText: '货款余额支付' })).toContainText(shown!.trim());
  await expect(page.getByText('还需支付')).toHaveCount(0);
  await page.getByRole('button', { name: '确认支付' }).click();

  // Title, amount and the six dots sit above the keypad at 375×812.
  const pinSheet = page.getByRole('dialog', { name: '请输入支付密码' });
  const keys = page.locator('.adm-number-keyboard-key');
  await expect(keys.first()).toBeVisible();
  await expect(pinSheet.locator('.pay-sheet-amount')).toHaveText(shown!.trim());
  const keypadTop = (await page.locator('.adm-number-keyboard-wrapper').boundingBox())!.y;
  for (const part of [pinSheet.getByRole('heading', { name: '请输入支付密码' }), pinSheet.locator('.pay-sheet-amount'), pinSheet.locator('.adm-passcode-input'), pinSheet.getByRole('link', { name: '忘记支付密码' })]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(keypadTop);
    expect(box.y).toBeGreaterThanOrEqual(0);
  }
  await expect(pinSheet.getByRole('link', { name: '忘记支付密码' })).toHaveAttribute('href', '/payPass');

  // A wrong password clears the dots and says how many tries are left; the pinSheet stays for the next try.
  for (const d of '000000') await keys.filter({ hasText: new RegExp(`^${d}$`) }).click();
  await expect(pinSheet.getByRole('alert')).toHaveText('密码错误，还可输入4次');
  await expect(pinSheet.locator('.adm-passcode-input-cell-dot')).toHaveCount(0);
  for (const d of '123456') await keys.filter({ hasText: new RegExp(`^${d}$`) }).click();
  await expect(page).toHaveURL(/\/orderPayResult\?payResult=1/);
  await expect(page.getByText('支付成功').first()).toBeVisible();
  const order = await post('/api/order/selectOrderInfoByOrderId.do', { id: pending.orderId });
  expect(order.obj.circulationState).toBe(3);
});
