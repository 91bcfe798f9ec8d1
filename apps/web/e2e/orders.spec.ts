import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, loginAs, placeOrder } from './helpers';

const statusText = (page: Page) => page.getByRole('region', { name: '订单状态' }).locator('.order-status-text');

test('an unpaid order shows under 待付款; closing it from the detail with a reason shows 已关闭 and the reason', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);

  await page.goto('/orders?tabIndex=1');
  await expect(page.getByRole('tab', { name: '待付款' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: `订单 ${order.orderCode}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('待付款')).toBeVisible();
  await expect(card.getByText('深海鱼油软胶囊')).toBeVisible();
  await expect(card.getByRole('button', { name: '去支付' })).toBeVisible();

  await card.getByText(`订单编号：${order.orderCode}`).click();
  await expect(page).toHaveURL(new RegExp(`/ordersDetail\\?id=${order.id}$`));
  await expect(statusText(page)).toHaveText('待付款');
  await expect(page.getByRole('timer')).toHaveText(/^00:[0-5]\d:\d\d$/);
  await expect(page.getByText('广东省深圳市南山区科技园南区1栋')).toBeVisible();

  await page.getByRole('button', { name: '关闭订单' }).click();
  const sheet = page.getByRole('dialog', { name: '关闭订单' });
  await sheet.getByRole('button', { name: '确定关闭' }).click();
  await expectToast(page, '请输入关闭原因');
  await expect(sheet.getByRole('radio', { name: '不想买了' })).toBeVisible();
  await sheet.getByRole('radio', { name: '其他' }).click();
  await sheet.getByLabel('其他原因').fill('地址填错了，重新下单');
  await sheet.getByRole('button', { name: '确定关闭' }).click();
  await expectToast(page, '订单已关闭');
  await expect(statusText(page)).toHaveText('已关闭');
  await expect(page.getByText('关闭原因：地址填错了，重新下单')).toBeVisible();
  await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '关闭订单' })).toHaveCount(0);

  // Gone from 待付款; under 全部 as 已关闭.
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/selectOrderInfoList.do')), page.goto('/orders?tabIndex=1')]);
  await expect(page.getByRole('article', { name: `订单 ${order.orderCode}` })).toHaveCount(0);
  await page.getByRole('tab', { name: '全部' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('article', { name: `订单 ${order.orderCode}` }).getByText('已关闭')).toBeVisible();
});

test('an unpaid order closes by itself when its payment window ends', async ({ page }) => {
  // The browser-test server runs with a one-minute window (DEMO_NO_PAY_MINUTES) and the job every 2 s.
  test.setTimeout(120_000);
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);

  await page.goto(`/ordersDetail?id=${order.id}`);
  await expect(statusText(page)).toHaveText('待付款');
  await expect(page.getByRole('timer')).toHaveText(/^00:0[01]:\d\d$/);

  // What the server answers after the window (a reload reads it anew), not only the countdown reaching zero.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(statusText(page)).toBeVisible();
        return (await page.getByText('关闭原因：超时未支付，系统自动关闭').count()) > 0;
      },
      { timeout: 100_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(statusText(page)).toHaveText('超时关闭');
  await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);
});

test('order detail with the network cut says so with a retry, never 订单不存在; the retry loads it', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);
  await page.route('**/selectOrderInfoByOrderId.do', (route) => route.abort('internetdisconnected'));
  await page.goto(`/ordersDetail?id=${order.id}`);
  const alert = page.getByRole('alert').filter({ hasText: '网络已断开' });
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('订单不存在')).toHaveCount(0);
  await expect(page.getByText('加载中...')).toHaveCount(0);

  await page.unroute('**/selectOrderInfoByOrderId.do');
  await alert.getByRole('button', { name: '重试' }).click();
  await expect(statusText(page)).toHaveText('待付款');
  await expect(page.getByText(order.orderCode)).toBeVisible();
});

test('a server error on the order detail reads 服务器错误, not a business answer', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const order = await placeOrder(page);
  await page.route('**/selectOrderInfoByOrderId.do', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
  await page.goto(`/ordersDetail?id=${order.id}`);
  await expect(page.getByRole('alert').filter({ hasText: '服务器错误' })).toBeVisible();
  await expect(page.getByText('订单不存在')).toHaveCount(0);
});
