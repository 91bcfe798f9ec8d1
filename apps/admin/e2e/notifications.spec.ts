import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../../web/e2e/axe';
import { shot } from '../../web/e2e/helpers';
import { loginAs } from './console';

// ADR 0037: announcements (operator, admin), failed WeChat messages and the template settings (admin), at 1440×900.
test.use({ viewport: { width: 1440, height: 900 } });

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

test('the operator sends an announcement to one grade; the admin sees failures, templates and the daily counts', async ({ page }) => {
  await loginAs(page, 'operator');
  await page.goto('/admin/content/notifications');
  await expect(page.getByRole('tab', { name: '发送失败' })).toHaveCount(0);
  await page.getByRole('button', { name: '发送公告' }).click();
  await expect(page.getByText('请输入公告标题')).toBeVisible();
  await page.getByLabel('发送范围').click();
  await page.locator('.ant-select-item-option[title="体验代理"]').click();
  await page.getByLabel('标题').fill('春节发货安排');
  await page.getByLabel('内容').fill('1月20日起暂停发货，2月5日恢复。');
  await page.getByRole('button', { name: '发送公告' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /发\s*送/ }).click();
  await expect(page.getByText(/公告已开始发送，共 \d+ 位代理商/)).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page, '/admin/content/notifications as the operator');
  // ADR 0043: the announcement's progress (a small grade is written at once).
  await page.getByRole('tab', { name: '公告记录' }).click();
  const row = page.getByRole('row', { name: /春节发货安排/ });
  await expect(row.getByText(/已发送 (\d+) \/ \1/)).toBeVisible();
  await expect(row.getByText('已完成')).toBeVisible();
  await shot(page, 'console-announcements');
  await noSideScroll(page);
  await expectAccessible(page, '/admin/content/notifications 公告记录');

  await page.getByRole('button', { name: /退出登录/ }).click();
  await loginAs(page, 'admin');
  await page.goto('/admin/content/notifications');
  await page.getByRole('tab', { name: '发送失败' }).click();
  await expect(page.getByText('没有发送失败的消息')).toBeVisible();
  await noSideScroll(page);

  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: '微信模板消息' }).click();
  const shipped = page.getByLabel('订单发货的模板ID');
  await shipped.fill('TPL_SHIP_E2E');
  await page.getByLabel('订单发货的字段对应').fill('first=title, keyword1=carrier, keyword2=waybill');
  await page.getByLabel('提现的字段对应').fill('first=title keyword9');
  await page.getByRole('button', { name: '保存模板设置' }).click();
  await expect(page.getByText('提现：字段"keyword9"有误，格式为 模板字段=来源，例如 keyword1=amount')).toBeVisible();
  await page.getByLabel('提现的字段对应').fill('first=title, keyword1=amount, keyword2=reference');
  await page.getByRole('button', { name: '保存模板设置' }).click();
  await expect(page.getByText('模板设置已保存')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: '微信模板消息' }).click();
  await expect(page.getByLabel('订单发货的模板ID')).toHaveValue('TPL_SHIP_E2E');
  await noSideScroll(page);
  await expectAccessible(page, '/admin/settings 微信模板消息');

  await page.goto('/admin/dashboard');
  const counts = page.getByText('消息发送（近7天）');
  await expect(counts).toBeVisible();
  await noSideScroll(page);
});
