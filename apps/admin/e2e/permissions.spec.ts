import { expect, test } from '@playwright/test';
import { loginAs, PLAT_ID, STAFF, STAFF_PASSWORD, staffApi } from './console';

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

test('least privilege (ADR 0025): service sees an agent with balances summarised, no amounts and no change records', async ({ page }) => {
  const admin = await staffApi(page, 'admin');
  const agent = (await admin('/api/staff/searchAgents.do', { keyword: '13800000001', phonePage: { pageNum: 1, pageSize: 10 } })).objs[0];
  expect(agent.lastStore).not.toBe('0.00');

  await loginAs(page, 'service');
  const menu = page.getByRole('menu').first();
  await expect(menu).toContainText('代理商管理');
  await page.goto(`/admin/agents/${agent.agentId}`);
  await expect(page.getByText('余额概况')).toBeVisible();
  await expect(page.getByText('金额与明细：无权查看')).toBeVisible();
  await expect(page.getByText(`¥${agent.lastStore}`)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '货款余额明细' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /订单（\d+）/ })).toBeVisible();

  // By hand, the same member's token: the ledger is refused, the detail carries no amounts.
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ username: STAFF.service, password: STAFF_PASSWORD }) } });
  const staffToken = (await login.json()).staffToken as string;
  const ask = async (path: string, payload: Record<string, unknown>) =>
    (await page.request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { staffToken } })).json();
  expect(await ask('/api/staff/selectAgentChanges.do', { agentId: agent.agentId, account: 'store', phonePage: { pageNum: 1, pageSize: 10 } })).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
  const detail = await ask('/api/staff/selectAgentDetail.do', { agentId: agent.agentId });
  expect(detail.obj.agent).toMatchObject({ lastStore: null, laveIncome: null, bondMoney: null, hasBalance: { store: true } });
});

test('least privilege (ADR 0025): the operator and the warehouse see no agents; the operator no orders', async ({ page }) => {
  await loginAs(page, 'operator');
  const menu = page.getByRole('menu').first();
  await expect(menu).toContainText('商品管理');
  for (const title of ['代理商管理', '订单查询', '待发货', '提现审核']) await expect(menu).not.toContainText(title);
  await page.goto('/admin/agents');
  await expect(page.getByText('无权访问')).toBeVisible();

  await page.getByRole('button', { name: /退出登录/ }).click();
  await loginAs(page, 'warehouse');
  await expect(page.getByRole('menu').first()).toContainText('订单查询');
  await expect(page.getByRole('menu').first()).not.toContainText('代理商管理');
  await page.goto('/admin/agents');
  await expect(page.getByText('无权访问')).toBeVisible();
});
