import { expect, test } from '@playwright/test';
import { loginAs } from './console';
import { offlineOrder } from './orders-fixture';

test('finance previews the voucher, approves the offline payment, and the agent’s order moves on to 待发货', async ({ page, request }) => {
  const order = await offlineOrder(request);
  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '线下支付审核' }).click();
  await expect(page).toHaveURL(/\/admin\/queues\/offline-payments$/);
  const row = page.getByRole('row').filter({ hasText: order.orderCode });
  await expect(row).toContainText('张明');

  // The voucher opens large in the preview, then closes again.
  await row.getByRole('img', { name: `${order.orderCode} 凭证1` }).click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();

  await row.getByRole('button', { name: `通过 ${order.orderCode}` }).click();
  const dialog = page.getByRole('dialog', { name: '线下支付审核通过' });
  await expect(dialog).toContainText(order.orderCode);
  await dialog.getByRole('button', { name: '确认通过' }).click();
  await expect(page.getByText('审核通过').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderCode })).toHaveCount(0);

  // As the agent reads it: the order is paid and awaits shipment.
  const detail = await order.post('/api/order/selectOrderInfoByOrderId.do', { id: order.id });
  expect(detail.obj).toMatchObject({ circulationState: 3, confirmPayState: 2 });
});

test('rejecting needs a reason, and a payment another member decided first is told, not doubled', async ({ page, request }) => {
  const order = await offlineOrder(request);
  await loginAs(page, 'finance');
  await page.goto('/admin/queues/offline-payments');
  const row = page.getByRole('row').filter({ hasText: order.orderCode });
  await row.getByRole('button', { name: `驳回 ${order.orderCode}` }).click();
  const dialog = page.getByRole('dialog', { name: '驳回线下支付' });
  await dialog.getByRole('button', { name: '确认驳回' }).click();
  await expect(dialog).toContainText('请输入驳回原因');
  await dialog.getByLabel('驳回原因').fill('未查到该笔汇款');

  // Meanwhile another member approves it.
  const other = await request.post('/api/staff/staffLogin.do', { form: { platId: 'plat-demo', in: JSON.stringify({ username: 'admin', password: 'staff1234' }) } });
  const staffToken = (await other.json()).staffToken as string;
  await request.post('/api/staff/reviewOfflinePayment.do', { form: { platId: 'plat-demo', in: JSON.stringify({ orderId: order.id, approve: true }) }, headers: { staffToken } });

  await dialog.getByRole('button', { name: '确认驳回' }).click();
  await expect(page.getByText('订单状态已变化，请刷新后重试')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.orderCode })).toHaveCount(0);
  const detail = await order.post('/api/order/selectOrderInfoByOrderId.do', { id: order.id });
  expect(detail.obj.circulationState).toBe(3);
});
