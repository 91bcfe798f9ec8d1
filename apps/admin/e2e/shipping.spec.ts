import { expect, test } from '@playwright/test';
import { loginAs, staffApi } from './console';
import { offlineOrder } from './orders-fixture';

test('the warehouse ships two orders by uploading a CSV, and both show as shipped with their parcels', async ({ page, request }) => {
  const a = await offlineOrder(request);
  const b = await offlineOrder(request);
  const finance = await staffApi(page, 'finance');
  for (const o of [a, b]) await finance('/api/staff/reviewOfflinePayment.do', { orderId: o.id, approve: true });

  await loginAs(page, 'warehouse');
  await page.getByRole('menuitem', { name: '待发货' }).click();
  await expect(page.getByRole('row').filter({ hasText: a.orderCode })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: b.orderCode })).toBeVisible();

  await page.getByRole('button', { name: '批量发货' }).click();
  const dialog = page.getByRole('dialog', { name: '批量发货' });
  await expect(dialog.getByRole('button', { name: '下载模板' })).toBeVisible();
  const csv = ['订单编号,快递公司编码,运单号', `${a.orderCode},ZTO,ZT${a.id}0000001`, `${b.orderCode},SF,SF${b.id}0000002`, `${b.orderCode},SF,SF${b.id}0000003`].join('\r\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: '发货.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('alert')).toContainText('已发货2单');
  await expect(dialog.getByRole('row').filter({ hasText: '已发货' })).toHaveCount(3);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('row').filter({ hasText: a.orderCode })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: b.orderCode })).toHaveCount(0);

  // 订单查询: both shipped (待收货), with their parcels.
  await page.getByRole('menuitem', { name: '订单查询' }).click();
  for (const [o, waybills] of [
    [a, [`ZT${a.id}0000001`]],
    [b, [`SF${b.id}0000002`, `SF${b.id}0000003`]],
  ] as const) {
    await page.getByLabel('订单编号').fill(o.orderCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: o.orderCode });
    await expect(row).toContainText('待收货');
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.getByRole('dialog', { name: `订单 ${o.orderCode}` });
    for (const w of waybills) await expect(drawer.getByRole('row').filter({ hasText: w })).toBeVisible();
    await expect(drawer.getByText('staff:cangku').first()).toBeVisible(); // the state log names who shipped
    await drawer.getByRole('button', { name: '关闭' }).click();
  }
});
