import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../../web/e2e/axe';
import { loginAs, staffApi } from './console';

/**
 * ADR 0033, at 1440×900: the audit log reads names and codes, a menu item opened in a new tab stays logged in, the
 * admin's login log lists the logins, and the agent detail shows its money tabs. Each screen without horizontal
 * scrolling and axe clean.
 */
const PHONE = '13800000004';

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function noHorizontalScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('the audit log names the operation, the agent by code and the clerk by name; a new tab stays logged in', async ({ page }) => {
  const api = await staffApi(page, 'finance');
  const found = await api('/api/staff/searchAgents.do', { keyword: PHONE });
  const agent = found.objs[0] as { agentId: number; agentCode: string };
  const reason = `审计可读 ${Date.now()}`;
  await api('/api/staff/adjustAgentBalance.do', { agentId: agent.agentId, account: 'store', amount: '1.00', reason, idempotencyKey: crypto.randomUUID() });

  await loginAs(page, 'admin');
  await expect(page.getByRole('menuitem', { name: '操作日志' })).toBeVisible();
  await page.goto('/admin/audit');
  const row = page.getByRole('row', { name: new RegExp(reason) });
  await expect(row).toContainText('调整余额');
  await expect(row).toContainText(agent.agentCode);
  await expect(row).toContainText('财务 · caiwu');
  await expect(row).not.toContainText('#');
  await expect(row).not.toContainText('{');
  await noHorizontalScroll(page);
  await shot(page, 'f4-audit-log');
  await expectAccessible(page, '操作日志');

  // The same browser, a new tab on a menu item: no login page.
  const second = await page.context().newPage();
  await second.goto('/admin/staff-logins');
  await expect(second.getByRole('button', { name: /退出登录/ })).toBeVisible();
  await expect(second).toHaveURL(/\/admin\/staff-logins$/);
  // The login log lists this browser's admin login as a success.
  await second.getByLabel('账号').fill('admin');
  await second.getByRole('button', { name: /查\s*询/ }).click();
  await expect(second.getByRole('row', { name: /admin/ }).first()).toContainText('登录成功');
  await noHorizontalScroll(second);
  // The pointer leaves the button it pressed (its hover colour is not what the page shows at rest).
  await second.mouse.move(720, 10);
  await shot(second, 'f4-login-log');
  await expectAccessible(second, '登录日志');
  await second.close();
});

test('the agent detail shows the money tabs and the freeze dialog to finance', async ({ page }) => {
  const api = await staffApi(page, 'finance');
  const found = await api('/api/staff/searchAgents.do', { keyword: PHONE });
  const agentId = (found.objs[0] as { agentId: number }).agentId;

  await loginAs(page, 'finance');
  await page.goto(`/admin/agents/${agentId}`);
  for (const tab of ['充值与升级', '提现', '保证金', '收款账户', '冻结货款']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table')).toBeVisible();
    await noHorizontalScroll(page);
  }
  await page.getByRole('tab', { name: '提现', exact: true }).click();
  await expect(page.getByRole('tabpanel').getByRole('columnheader', { name: '打款流水号' })).toBeVisible();
  await shot(page, 'f4-agent-withdrawals');
  await page.getByRole('button', { name: '冻结货款' }).click();
  const dialog = page.getByRole('dialog', { name: '冻结货款' });
  await expect(dialog.getByText(/解冻日期/)).toBeVisible();
  await shot(page, 'f4-freeze-dialog');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expectAccessible(page, '代理商详情');
});

test('staff change their own password on 账号安全', async ({ page }) => {
  const api = await staffApi(page, 'admin');
  const username = `pw${Date.now() % 1_000_000}`;
  await api('/api/staff/saveStaff.do', { username, displayName: '改密测试', role: 'service', password: 'pass1234', enabled: true });
  await page.goto('/admin/login');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('pass1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByRole('menuitem', { name: '账号安全' }).click();
  await page.getByLabel('当前密码').fill('pass1234');
  await page.getByLabel('新密码', { exact: true }).fill('newpass99');
  await page.getByLabel('确认新密码').fill('newpass98');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('两次输入的新密码不一致，请重新输入')).toBeVisible();
  await page.getByLabel('确认新密码').fill('newpass99');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText(/密码已修改/)).toBeVisible();
  await noHorizontalScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'f4-change-password');
});
