import { expect, test } from '@playwright/test';
import { loginAs } from './console';

// 孙丽 (13800000005) reads notices here; no other console spec logs her into the shop.
const AGENT = { phone: '13800000005', password: 'demo1234' };

test('the operator publishes a notice in the console; an agent sees it on /information and opens it', async ({ page, browser, baseURL }) => {
  const title = `端到端公告${Date.now() % 100000}`;
  await loginAs(page, 'operator');
  await page.goto('/admin/content/notices');
  await page.getByRole('button', { name: '发布公告' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('标题', { exact: true }).fill(title);
  const editor = drawer.getByRole('textbox', { name: '公告内容' });
  await editor.click();
  await page.keyboard.type('本周六全场包邮');
  await drawer.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('，欢迎下单');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('公告已保存')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText('已发布')).toBeVisible();

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto('/login');
  await phone.getByLabel('账号', { exact: true }).fill(AGENT.phone);
  await phone.getByLabel('密码', { exact: true }).fill(AGENT.password);
  await phone.getByRole('button', { name: '登录', exact: true }).click();
  await expect(phone).toHaveURL(/\/home$/);
  await phone.goto('/information');
  await phone.getByText(title.slice(0, 15)).first().click();
  await expect(phone.getByText('本周六全场包邮')).toBeVisible();
  await expect(phone.locator('strong', { hasText: '欢迎下单' })).toBeVisible();
  await context.close();
});
