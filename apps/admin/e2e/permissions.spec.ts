import { expect, test } from '@playwright/test';
import { loginAs, PLAT_ID, STAFF, STAFF_PASSWORD } from './console';

test('warehouse sees no finance pages, gets 403 on opening one directly, and the API refuses it a finance operation', async ({ page }) => {
  await loginAs(page, 'warehouse');
  const menu = page.getByRole('menu').first();
  await expect(menu).toContainText('待发货');
  for (const title of ['提现审核', '线下支付审核', '首充与升级审核', '保证金缴纳审核', '保证金退还审核', '员工管理', '操作日志']) {
    await expect(menu).not.toContainText(title);
  }

  await page.goto('/admin/queues/withdrawals');
  await expect(page.getByText('无权访问')).toBeVisible();
  await expect(page.getByText('您的角色不能打开此页面')).toBeVisible();

  // The same member's token, by hand: the server refuses the finance call (nothing is listed or moved).
  const login = await page.request.post('/api/staff/staffLogin.do', {
    form: { platId: PLAT_ID, in: JSON.stringify({ username: STAFF.warehouse, password: STAFF_PASSWORD }) },
  });
  const staffToken = (await login.json()).staffToken as string;
  for (const [path, payload] of [
    ['/api/staff/selectPendingWithdrawals.do', { phonePage: { pageNum: 1, pageSize: 10 } }],
    ['/api/staff/reviewWithdrawal.do', { id: 1, approve: true, payoutReference: 'X1' }],
  ] as const) {
    const res = await page.request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { staffToken } });
    expect(await res.json()).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
  }
});
