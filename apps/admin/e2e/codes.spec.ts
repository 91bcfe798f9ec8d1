import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { loginAs } from './console';

test('the operator generates 100 anti-counterfeit codes, exports them as CSV, and one verifies on the shop\'s /check', async ({ page, browser, baseURL }) => {
  await loginAs(page, 'operator');
  await page.goto('/admin/codes');
  const form = page.getByRole('form', { name: '生成码' });
  await form.getByText('防伪码', { exact: true }).click();
  await form.getByLabel('商品规格').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option').first().click();
  await form.getByLabel('数量').fill('100');
  await form.getByRole('button', { name: /生\s*成/ }).click();
  const done = page.getByText(/批次(\d+)：已生成100个码/);
  await expect(done).toBeVisible();
  const batchId = /批次(\d+)/.exec((await done.textContent()) ?? '')![1];

  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `导出CSV 批次${batchId}` }) });
  await expect(row.getByText('防伪码')).toBeVisible();
  await expect(row.getByRole('cell', { name: '100', exact: true })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `导出CSV 批次${batchId}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`防伪码-批次${batchId}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csv[0]).toBe('序号,码,类型,商品,规格,查询链接');
  expect(csv).toHaveLength(101);
  const [, code, , , , link] = csv[42]!.split(',');
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
  expect(link).toMatch(new RegExp(`/check\\?code=${code}$`));

  // The link printed beside the code opens the shop's anti-counterfeit page on a phone.
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(phone.getByRole('textbox')).toHaveValue(code!);
  // A code arriving in the address is queried at once (no tap on 查询).
  await expect(phone.getByText('您查询的防伪码为正品，此码为首次查询')).toBeVisible();
  await expect(phone.getByText('查询次数：1次')).toBeVisible();
  await context.close();
});

test('the operator moves the agent name on the certificate template and saves it', async ({ page }) => {
  await loginAs(page, 'operator');
  await page.goto('/admin/codes/certificate');
  await expect(page.getByAltText('证书预览')).toBeVisible();
  await page.getByLabel('代理商姓名纵坐标').fill('380');
  await page.getByRole('button', { name: /保存模板/ }).click();
  await expect(page.getByText('证书模板已保存，代理商的授权证书将使用新模板')).toBeVisible();
  await expect(page.getByText(/自定义（/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('代理商姓名纵坐标')).toHaveValue('380');
});
