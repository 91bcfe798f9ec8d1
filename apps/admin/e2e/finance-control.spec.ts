import { expect, test } from '@playwright/test';
import { shot } from '../../web/e2e/helpers';
import { loginAs } from './console';

// ADR 0032 at 1440×900: finance resolves a reconciliation difference in the console.
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

// ADR 0032: a receiving account change proposed by one member takes effect when another approves it.
test('a receiving account change: finance proposes, it waits; admin sees before → after in words and approves; it is in force', async ({ page }) => {
  const number = `62220${Date.now().toString().slice(-11)}`;
  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '系统设置' }).click();
  await page.getByRole('tab', { name: '线下收款账户' }).click();
  const panel = page.getByRole('tabpanel', { name: '线下收款账户' });
  const first = panel.getByLabel('账号', { exact: true }).first();
  const was = await first.inputValue();
  await first.fill(number);
  await panel.getByRole('button', { name: '提交变更（需另一人复核）' }).click();
  await expect(page.getByText('线下收款账户：已提交，等待另一名财务或管理员复核')).toBeVisible();
  const waiting = page.getByText(/线下收款账户（caiwu 于/);
  await expect(waiting).toBeVisible();
  await expect(page.getByText('您提交的变更，需由另一名财务或管理员复核')).toBeVisible();
  // Not in force yet: the form shows the account as it is.
  await page.reload();
  await page.getByRole('tab', { name: '线下收款账户' }).click();
  await expect(page.getByRole('tabpanel', { name: '线下收款账户' }).getByLabel('账号', { exact: true }).first()).toHaveValue(was);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'f3-proposal-waiting');

  await page.getByRole('button', { name: /退出登录/ }).click();
  await loginAs(page, 'admin');
  await page.getByRole('menuitem', { name: '系统设置' }).click();
  const card = page.locator('.ant-card').filter({ hasText: /线下收款账户（caiwu 于/ }).last();
  await expect(card).toContainText(`账号 ${was}`);
  await expect(card).toContainText(`账号 ${number}`);
  await shot(page, 'f3-proposal-review');
  await card.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.getByText('已通过，变更已生效')).toBeVisible();
  await expect(page.getByText('没有待复核的变更')).toBeVisible();
  await page.getByRole('tab', { name: '线下收款账户' }).click();
  await expect(page.getByRole('tabpanel', { name: '线下收款账户' }).getByLabel('账号', { exact: true }).first()).toHaveValue(number);
});
