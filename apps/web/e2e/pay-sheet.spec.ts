import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, loginAs } from './helpers';

/** POST as the logged-in page, with its session; fails the test on a refusal. */
async function post(page: Page, path: string, payload: Record<string, unknown>) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { accessToken: token } });
  const body = (await res.json()) as { errorType: string; msg: string; obj: any; objs: any[] };
  expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
  return body;
}

/** An unpaid order of 张明 (one bottle of the demo fish oil) that the goods fund covers: paying asks for the password. */
async function unpaidOrder(page: Page): Promise<number> {
  const address = await post(page, '/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明',
    receiverPhone: '13800000001',
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    address: '科技园南区1栋',
    isDefAddr: 1,
  });
  const zone = await post(page, '/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
  const product = zone.objs.find((p) => p.prodName === '深海鱼油软胶囊');
  const detail = await post(page, '/api/prod/selectProdInfoById.do', { prodId: product.prodId });
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
  const saved = await post(page, '/api/order/saveOrderInfo.do', {
    orderType: 1,
    payType: 1,
    addressId: address.obj.id,
    orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  return saved.obj.id as number;
}

/** Opens /payment for the order and taps 确认支付: the password sheet with the keypad below it. */
async function openSheet(page: Page, orderId: number, css?: string) {
  await page.goto(`/payment?id=${orderId}`);
  if (css) await page.addStyleTag({ content: css });
  const amount = (await page.locator('.submit-bar .price').textContent())!.trim();
  expect(amount).toMatch(/^¥\d+\.\d\d$/);
  await page.getByRole('button', { name: '确认支付' }).click();
  const sheet = page.getByRole('dialog', { name: '请输入支付密码' });
  const keys = page.locator('.adm-number-keyboard-key');
  await expect(keys.first()).toBeVisible();
  return { sheet, keys, amount };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The keypad's popup as drawn, once its slide-in is over (its box stops moving). */
async function keypadBox(page: Page): Promise<Box> {
  const keypad = page.locator('.adm-popup-body:has(.adm-number-keyboard)');
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await keypad.boundingBox());
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  return (await keypad.boundingBox())!;
}

/** Title, amount, dots, the refusal line and 忘记支付密码: each visible, on screen, above the keypad, none over another. */
async function expectClearOfKeypad(page: Page, sheet: Locator) {
  const keypad = await keypadBox(page);
  const parts = {
    title: sheet.getByRole('heading', { name: '请输入支付密码' }),
    amount: sheet.locator('.pay-sheet-amount'),
    dots: sheet.locator('.adm-passcode-input'),
    refusal: sheet.getByRole('alert'),
    forgot: sheet.getByRole('link', { name: '忘记支付密码' }),
  };
  const boxes: [string, Box][] = [];
  for (const [name, part] of Object.entries(parts)) {
    const box = (await part.boundingBox())!;
    expect(box, name).not.toBeNull();
    expect(box.y, `${name} is on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name} ends above the keypad (top ${keypad.y})`).toBeLessThanOrEqual(keypad.y + 0.5);
    for (const [other, otherBox] of boxes) expect(overlaps(box, otherBox), `${name} overlaps ${other}`).toBe(false);
    boxes.push([name, box]);
  }
}

test.describe('the payment-password sheet', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
  });

  test('shows title, amount and the six dots above the keypad; a wrong password clears the dots and says the tries left', async ({ page }) => {
    const orderId = await unpaidOrder(page);
    const { sheet, keys, amount } = await openSheet(page, orderId);
    await expect(sheet.locator('.pay-sheet-amount')).toHaveText(amount);
    await expect(sheet.locator('.adm-passcode-input-cell')).toHaveCount(6);
    await expectClearOfKeypad(page, sheet);
    await expect(sheet.getByRole('link', { name: '忘记支付密码' })).toHaveAttribute('href', '/payPass');

    // Five digits show as five dots; the sixth submits.
    for (const d of '00000') await keys.filter({ hasText: new RegExp(`^${d}$`) }).click();
    await expect(sheet.locator('.adm-passcode-input-cell-dot')).toHaveCount(5);
    await keys.filter({ hasText: /^0$/ }).click();
    await expect(sheet.getByRole('alert')).toHaveText('密码错误，还可输入4次');
    await expect(sheet.locator('.adm-passcode-input-cell-dot')).toHaveCount(0);
    // The refusal is shown above the keypad too, and the sheet stays for the next try.
    await expectClearOfKeypad(page, sheet);

    for (const d of '123456') await keys.filter({ hasText: new RegExp(`^${d}$`) }).click();
    await expect(page).toHaveURL(/\/orderPayResult\?payResult=1/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
    const order = await post(page, '/api/order/selectOrderInfoByOrderId.do', { id: orderId });
    expect(order.obj.circulationState).toBe(3);
  });

});

test.describe('the payment-password sheet with a taller keypad', () => {
  // The page's CSP refuses inline styles; this test adds one to make the keys taller.
  test.use({ bypassCSP: true });

  test('leaves room for the keypad as tall as it really is (larger keys, as with a bigger system font)', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    const orderId = await unpaidOrder(page);
    // A keypad taller than the 216 px a fixed estimate assumes: the sheet must measure it, not guess.
    const { sheet, keys } = await openSheet(page, orderId, '.pay-sheet-keyboard .adm-number-keyboard-key { height: 72px; }');
    const keypad = await keypadBox(page);
    expect(keypad.height).toBeGreaterThan(260);
    await expectClearOfKeypad(page, sheet);
    // Close without paying; the order stays unpaid.
    await sheet.getByRole('button', { name: '关闭' }).click();
    await expect(sheet).toBeHidden();
    await expect(keys.first()).toBeHidden();
  });
});
