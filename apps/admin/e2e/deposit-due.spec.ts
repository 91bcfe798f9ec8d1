import { expect, test } from '@playwright/test';
import { loginAs, staffApi } from './console';

// 刘洋 (demo, active, no deposit held): no other console spec uses him.
const PHONE = '13800000006';

test('ADR 0026: a grade above the deposit makes it due; finance waives it on the agent page, and 操作日志 records it', async ({ page }) => {
  const admin = await staffApi(page, 'admin');
  const agent = (await admin('/api/staff/searchAgents.do', { keyword: PHONE })).objs[0];
  const grades = (await admin('/api/staff/selectAgentGrades.do', {})).objs as { id: number; gradeName: string; gradeLevel: number }[];
  const top = grades[grades.length - 1]!;
  await admin('/api/staff/changeAgentGrade.do', { agentId: agent.agentId, gradeId: top.id, reason: 'E2E：升到最高等级' });
  const reason = `老代理特批免缴 ${Date.now()}`;

  await loginAs(page, 'finance');
  await page.goto(`/admin/agents/${agent.agentId}`);
  await expect(page.getByText('待缴纳（暂不能进货、提现、转款）')).toBeVisible();
  await page.getByRole('button', { name: '免缴合规金' }).click();
  const dialog = page.getByRole('dialog', { name: '免缴合规金' });
  await dialog.getByRole('button', { name: /免\s*缴/ }).click();
  await expect(dialog.getByText('请输入原因')).toBeVisible();
  await dialog.getByLabel('原因').fill(reason);
  await dialog.getByRole('button', { name: /免\s*缴/ }).click();
  await expect(page.getByText('已免缴合规金，代理商可以进货、提现和转款')).toBeVisible();
  await expect(page.getByText(/已免缴$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '免缴合规金' })).toHaveCount(0);

  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await page.getByLabel('操作', { exact: true }).click();
  await page.getByTitle('免缴合规金').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(reason) });
  await expect(row).toContainText('需缴纳合规金 5000.00 → 免缴合规金');
  await expect(row).toContainText('caiwu');
});
