import { expect, test } from '@playwright/test';
import { loginAs } from './console';
import { offlineOrder } from './orders-fixture';

test('the dashboard counts grow live: an agent pays offline and the finance dashboard shows one more, with a badge, without a reload', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.goto('/admin/dashboard');
  await expect(page.getByText('实时更新中')).toBeVisible();
  const card = page.getByTestId('queue-offlinePayments');
  await expect(card).toContainText('线下支付待审核');
  const before = Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));

  // Finance sees its queues and not the warehouse's or service's.
  await expect(page.getByTestId('queue-withdrawals')).toBeVisible();
  await expect(page.getByTestId('queue-toShip')).toHaveCount(0);
  await expect(page.getByTestId('queue-openChats')).toHaveCount(0);
  await expect(page.getByText('今日支付金额')).toBeVisible();
  await expect(page.getByText('近30天支付订单')).toBeVisible();

  const loads: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && loads.push(f.url()));
  // The agent's side through the shop's API, as its /payment screen calls it: an order paid offline with a voucher.
  await offlineOrder(page.request);

  await expect(card.locator('.ant-statistic-content-value')).toHaveText(String(before + 1), { timeout: 15_000 });
  await expect(page.getByText('有新待办').first()).toBeVisible();
  await expect(page.getByText(/有新的待办/)).toBeVisible();
  expect(loads).toEqual([]);

  // The card opens its queue.
  await card.click();
  await expect(page).toHaveURL(/\/admin\/queues\/offline-payments$/);
});
