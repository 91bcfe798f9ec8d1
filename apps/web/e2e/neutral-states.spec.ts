import { expect, type Page } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { DEMO, expectToast, submitLogin, shot } from './helpers';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
// Inside WeChat at a phone's size (spec 1 §1).
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

/** The first load inside WeChat makes the OAuth round trip and comes back to /login; then the form. */
async function loginInWeChat(page: Page) {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await submitLogin(page, DEMO.inviter.phone, DEMO.password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
}

test('/orderPayResult opened without a payment claims no failure and leads to the orders', async ({ page }) => {
  await loginInWeChat(page);
  await page.goto('/orderPayResult');
  await expect(page.getByRole('heading', { name: '暂无支付结果' })).toBeVisible();
  await expect(page.getByText('支付失败')).toHaveCount(0);
  await shot(page, '13-pay-result');
  await expectAccessible(page, '/orderPayResult (no payment)');
  await page.getByRole('link', { name: '查看我的订单' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('a notice that does not exist says so, without 重试', async ({ page }) => {
  await loginInWeChat(page);
  await page.goto('/notice?id=999999');
  await expect(page.locator('.page.empty').getByText('公告不存在')).toBeVisible();
  await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
  await shot(page, '13-notice');
  await expectAccessible(page, '/notice (missing)');
});

test('every page may be pinch-zoomed', async ({ page }) => {
  await page.goto('/check');
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/);
});
