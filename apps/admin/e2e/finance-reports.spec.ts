import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../../web/e2e/helpers';
import { loginAs, staffApi } from './console';
import { agentApi } from './orders-fixture';

/** ADR 0031: the cash report (chart and export) and 资金流水 with a filter, at 1440×900. */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function fitsAndAccessible(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A select's dropdown that is still fading out after a choice holds an unnamed listbox; check the screen at rest.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // The report's own content; the shared menu and breadcrumb are the layout's (checked apart from this screen).
  const results = await new AxeBuilder({ page }).withTags(WCAG).exclude('.ant-layout-sider').exclude('.ant-breadcrumb').analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The demo agent 张明 withdraws 100.00 (fee 0.60) and finance pays it: one fee record today. */
async function paidWithdrawal(page: Page) {
  const agent = await agentApi(page.request);
  const info = await agent.post('/api/agentAccount/selAccountInfoAndCashRule.do', {});
  const accountId = info.obj.baseOfflinePayAccountlist[0].id;
  const w = await agent.post('/api/agentAccount/saveAgentWithdrawCashApply.do', { bondMoney: '100', accountId, payPassword: '123456', serviceCharge: '0.60', idempotencyKey: crypto.randomUUID() });
  const staff = await staffApi(page, 'finance');
  await staff('/api/staff/reviewWithdrawal.do', { id: w.obj.id, approve: true, payoutReference: 'E2E-F2-1', idempotencyKey: crypto.randomUUID() });
}

test('资金日报: the chart, the day rows, the export equals the screen; 资金流水 filters the fee by its name', async ({ page }) => {
  await paidWithdrawal(page);
  await loginAs(page, 'finance');

  await page.goto('/admin/finance/cash');
  await expect(page.getByRole('img', { name: /资金日报图表/ })).toBeVisible();
  const totalRow = page.locator('.ant-table-tbody tr').filter({ hasText: '合计' });
  await expect(totalRow).toBeVisible();
  // The fee kept today is at least the 0.60 of the withdrawal just paid.
  const cells = await totalRow.locator('td').allInnerTexts();
  const fees = Number(cells[8]);
  expect(fees).toBeGreaterThanOrEqual(0.6);
  await fitsAndAccessible(page);
  await shot(page, 'f2-cash-report');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^资金日报-\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}-\d{14}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as any);
  const sheet = book.getWorksheet('资金日报')!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('合计');
  expect(Number(last.getCell(header.indexOf('手续费留存')).value)).toBe(fees);

  await page.getByRole('link', { name: '资金流水' }).click();
  await expect(page).toHaveURL(/\/admin\/finance\/ledger$/);
  await page.getByLabel('代理商').fill('13800000001');
  await page.getByLabel('变动类型').click();
  await page.getByLabel('变动类型').fill('提现手续费');
  await page.locator('.ant-select-item-option').filter({ hasText: /^提现手续费$/ }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('提现手续费');
  await expect(rows.first()).toContainText('-0.60');
  for (const text of await rows.allInnerTexts()) {
    expect(text).toContain('提现手续费');
    expect(text).not.toMatch(/\b221\b/);
  }
  await fitsAndAccessible(page);
  await shot(page, 'f2-ledger-filtered');
});

test('负债核对 says 一致; 收益月报 lists; 代理商对账单 balances, exports and prints without the console around it', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.goto('/admin/finance/liabilities');
  await expect(page.getByRole('alert').filter({ hasText: '一致' })).toBeVisible();
  await fitsAndAccessible(page);
  await shot(page, 'f2-liabilities');

  await page.goto('/admin/finance/income');
  await expect(page.getByRole('button', { name: /查\s*询/ })).toBeVisible();
  await fitsAndAccessible(page);

  await page.goto('/admin/finance/statement');
  await page.getByLabel('代理商').click();
  await page.getByLabel('代理商').fill('13800000001');
  await page.locator('.ant-select-item-option').filter({ hasText: '13800000001' }).click();
  await page.getByRole('button', { name: '生成对账单' }).click();
  const goods = page.getByRole('heading', { name: /^货款：期初/ });
  await expect(goods).toBeVisible();
  // Opening + in + out = closing, as the heading states it.
  const [, opening, income, out, closing] = /期初 (-?[\d.]+)，收入 (-?[\d.]+)，支出 (-?[\d.]+)，期末 (-?[\d.]+)/.exec(await goods.innerText())!;
  expect(Math.round(Number(opening) * 100) + Math.round(Number(income) * 100) + Math.round(Number(out) * 100)).toBe(Math.round(Number(closing) * 100));
  await fitsAndAccessible(page);
  await shot(page, 'f2-statement');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^对账单-.+\.xlsx$/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.ant-layout-sider')).toBeHidden();
  await expect(page.getByRole('button', { name: '生成对账单' })).toBeHidden();
  await expect(goods).toBeVisible();
  await shot(page, 'f2-statement-print');
});

test('the warehouse sees no finance report in its menu and is refused the page', async ({ page }) => {
  await loginAs(page, 'warehouse');
  await expect(page.getByText('财务报表')).toHaveCount(0);
  await page.goto('/admin/finance/cash');
  await expect(page.getByRole('img', { name: /资金日报图表/ })).toHaveCount(0);
});
