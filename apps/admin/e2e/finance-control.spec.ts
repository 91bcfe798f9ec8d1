import { expect, test } from '@playwright/test';
import { shot } from '../../web/e2e/helpers';
import { loginAs } from './console';

// Issue 19 §3 (ADR 0032) at 1440×900: finance resolves a reconciliation difference in the console.
test('finance resolves the demo 对账差异: crediting is refused with what to do, marking it explained moves it to 已处理', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '对账差异' }).click();
  await expect(page.getByRole('heading', { name: '对账差异' }).or(page.getByText('对账差异', { exact: true }).first())).toBeVisible();
  const row = page.getByRole('row', { name: /DEMO2026BILL0001/ });
  await expect(row).toContainText('微信已收款，我方未入账');
  await expect(row).toContainText('¥88.00');
  await shot(page, 'f3-reconcile-open');
  // No horizontal scroll at 1440 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // 查询微信并入账: we have no payment for it, so the server says what to do instead.
  await row.getByRole('button', { name: '查询微信并入账' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('我方没有这笔支付记录，无法在这里入账或退款；请在微信支付商户平台核实处理后标记已说明')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 标记已说明 needs a reason.
  await row.getByRole('button', { name: '标记已说明' }).click();
  const dialog = page.getByRole('dialog', { name: /标记已说明/ });
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(dialog.getByText('请填写处理说明')).toBeVisible();
  await dialog.getByLabel('处理说明').fill('商户平台核实为测试收款，已原路退回');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText('已处理').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /DEMO2026BILL0001/ })).toHaveCount(0);

  await page.getByRole('tab', { name: '已处理' }).click();
  const done = page.getByRole('row', { name: /DEMO2026BILL0001/ });
  await expect(done).toContainText('已说明');
  await expect(done).toContainText('商户平台核实为测试收款，已原路退回');
  await expect(done).toContainText('caiwu');
  await shot(page, 'f3-reconcile-done');
});
