import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { settle, WCAG_TAGS } from '../../web/e2e/axe';
import { loginAs, PLAT_ID } from './console';

// ADR 0030: the money history tabs with a search, and a batch payout: the bank file out, the bank's result file in.
// 张明: 8000.00 total score, payment password 123456, a default collection account in the demo seed.
const AGENT = { phone: '13800000001', password: 'demo1234', payPassword: '123456' };

async function withdrawal(request: APIRequestContext, yuan: string) {
  const post = async (path: string, payload: Record<string, unknown>, token?: string) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: token ? { accessToken: token } : {} });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  const login = await post('/api/home/newLogin.do', { suAccount: AGENT.phone, suPassword: AGENT.password });
  const token = login.accessToken as string;
  const rule = await post('/api/agentAccount/selAccountInfoAndCashRule.do', {}, token);
  const accountId = rule.obj.baseOfflinePayAccountlist[0].id as number;
  const w = await post('/api/agentAccount/saveAgentWithdrawCashApply.do', { bondMoney: yuan, accountId, payPassword: AGENT.payPassword, idempotencyKey: crypto.randomUUID() }, token);
  return { id: w.obj.id as number, code: w.obj.withdrawCode as string };
}

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Nothing wider than the window: the page and the table scroll only down. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const content = document.querySelector('.ant-table-content, .ant-table-body');
    return { page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth, table: content?.scrollWidth ?? 0, box: content?.clientWidth ?? 0 };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  expect(widths.table).toBeLessThanOrEqual(widths.box + 1);
}

/**
 * WCAG 2.2 AA (serious, critical) on this screen's own content: the card and an open dialog. The console frame's menu and
 * breadcrumb are not this screen's.
 */
async function expectAccessible(page: Page, label: string) {
  await settle(page);
  const dialogOpen = (await page.locator('.ant-modal-content').count()) > 0;
  const results = await new AxeBuilder({ page }).include(dialogOpen ? '.ant-modal-content' : 'main .ant-card').withTags(WCAG_TAGS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([]);
}

async function sheetRows(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('history tabs with a search; the selected 待打款 withdrawals out as a bank file, the bank result in, once', async ({ page }) => {
  const first = await withdrawal(page.request, '300');
  const second = await withdrawal(page.request, '200');

  await loginAs(page, 'finance');
  await page.getByRole('menuitem', { name: '资金审核记录' }).click();
  await expect(page).toHaveURL(/\/admin\/queues\/history$/);
  const row = (code: string) => page.getByRole('row').filter({ hasText: code });
  await expect(row(first.code)).toContainText('¥298.20');
  await expect(row(first.code)).toContainText('13800000001');
  await expect(row(first.code)).toContainText('付款（不适用）');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the 待打款 tab');
  await shot(page, 'finance-history-pending');

  // the search: by code, then back
  await page.getByLabel('单号').fill(second.code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row(second.code)).toBeVisible();
  await expect(row(first.code)).toHaveCount(0);
  await page.getByRole('button', { name: /重\s*置/ }).click();
  await expect(row(first.code)).toBeVisible();

  // the bank batch-payment file of the two selected rows
  await row(first.code).getByRole('checkbox').check();
  await row(second.code).getByRole('checkbox').check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出批量打款文件（2笔）/ }).click()]);
  const batch = await sheetRows(await download.path());
  expect(batch[0]).toEqual(['提现单号', '收款账号', '收款户名', '开户行', '支行', '金额', '用途']);
  const line = (code: string) => batch.find((r) => r[0] === code)!;
  expect(line(first.code)[5]).toBe(298.2);
  expect(line(second.code)[5]).toBe(198.8);
  expect(String(line(first.code)[6])).toContain(first.code);

  // the bank's answer: the first paid, the second failed
  const result = new ExcelJS.Workbook();
  const sheet = result.addWorksheet('回单');
  sheet.addRow(['提现单号', '状态', '银行流水号', '失败原因', '金额']);
  sheet.addRow([first.code, '成功', 'BANK-E2E-7001', '', 298.2]);
  sheet.addRow([second.code, '失败', '', '收款账户已销户', 198.8]);
  const file = Buffer.from(await result.xlsx.writeBuffer());
  const importOnce = async () => {
    await page.getByRole('button', { name: '导入银行回单' }).click();
    const dialog = page.getByRole('dialog', { name: '导入银行回单' });
    await dialog.locator('input[type=file]').setInputFiles({ name: '回单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    return dialog;
  };
  let dialog = await importOnce();
  await expect(dialog).toContainText('导入完成：已打款1笔，已驳回1笔，未改动0笔');
  await expect(dialog.getByRole('row').filter({ hasText: first.code })).toContainText('已打款');
  await expect(dialog.getByRole('row').filter({ hasText: second.code })).toContainText('已驳回，提现金额已退回代理商总分');
  await shot(page, 'finance-history-import');
  await expectAccessible(page, 'the import result');
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.getByLabel('Close')).first().click();
  await expect(row(first.code)).toHaveCount(0);

  // the same file again changes nothing
  dialog = await importOnce();
  await expect(dialog).toContainText('导入完成：已打款0笔，已驳回0笔，未改动2笔');
  await expect(dialog.getByRole('row').filter({ hasText: first.code })).toContainText('已处理过，未改动');
  await dialog.getByLabel('Close').first().click();

  // the decided tabs say who, when, why and the bank reference
  await page.getByRole('tab', { name: '已打款' }).click();
  await expect(row(first.code)).toContainText('BANK-E2E-7001');
  await expect(row(first.code)).toContainText('财务专员');
  await expectNoHorizontalScroll(page);
  await shot(page, 'finance-history-paid');
  await page.getByRole('tab', { name: '已驳回' }).click();
  await expect(row(second.code)).toContainText('银行打款失败：收款账户已销户');
  await expectAccessible(page, 'the 已驳回 tab');

  // another queue: the offline vouchers show both accounts' columns
  await page.getByText('线下支付', { exact: true }).click();
  await page.getByRole('tab', { name: '待审核' }).click();
  await expect(page.getByRole('columnheader', { name: '代理商打款账户' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '平台收款账户' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'finance-history-offline');
});
