import { expect, test } from '@playwright/test';
import { loginAs, staffApi } from './console';

const PHONE = '13800000004';
/** Fen as the console's Statistic shows it: thousands separated, two decimals. */
const shown = (fen: number) => `${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;
const toFen = (yuan: string) => {
  const [whole, frac = ''] = yuan.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};

test('admin adds ¥12.34 to an agent’s goods fund, sees the new balance, and finds the record in 操作日志', async ({ page }) => {
  const api = await staffApi(page, 'admin');
  const found = await api('/api/staff/searchAgents.do', { keyword: PHONE });
  const before = toFen(found.objs[0].lastStore as string);
  const reason = `活动补发货款 ${Date.now()}`;

  await loginAs(page, 'admin');
  await page.getByRole('menuitem', { name: '代理商管理' }).click();
  await page.getByLabel('关键词').fill(PHONE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row', { name: new RegExp(PHONE) }).click();
  await expect(page).toHaveURL(/\/admin\/agents\/\d+$/);
  const store = page.locator('.ant-statistic').filter({ hasText: '货款余额' });
  await expect(store).toContainText(shown(before));

  await page.getByRole('button', { name: '调整余额' }).click();
  const dialog = page.getByRole('dialog', { name: '调整余额' });
  await dialog.getByLabel(/调整金额/).fill('12.34');
  await dialog.getByLabel('原因').fill(reason);
  await dialog.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('dialog', { name: '确认调整余额' });
  await expect(confirm).toContainText(`¥${shown(before).replace(/,/g, '')} → ¥${shown(before + 1234).replace(/,/g, '')}`);
  await confirm.getByRole('button', { name: /确\s*认/ }).click();
  await expect(page.getByText(/调整成功，货款余额现为/)).toBeVisible();
  await expect(store).toContainText(shown(before + 1234));
  // The change record is listed first in the goods-fund tab, by its name (ADR 0033: names, not codes).
  await expect(page.getByRole('tabpanel').getByRole('row').nth(1)).toContainText('手动增加');
  await expect(page.getByRole('tabpanel').getByRole('row').nth(1)).toContainText('+¥12.34');

  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await page.getByLabel('操作', { exact: true }).click();
  await page.getByTitle('调整余额').click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(reason) });
  await expect(row).toContainText('调整余额');
  await expect(row).toContainText('¥12.34');
  await expect(row).toContainText(`${shown(before).replace(/,/g, '')} → ${shown(before + 1234).replace(/,/g, '')}`);
  await expect(row).toContainText('admin');
});
