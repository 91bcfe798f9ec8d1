import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, shot, toast } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';

// spec 1 §7 agent grade check: the top grade's 代理升级 stays on /my with 「当前级别不可升级！」.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

test('2.1 张明 (钻石代理, the top grade) taps 代理升级: 当前级别不可升级！ and stays on /my', async ({ page }) => {
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  const checked = page.waitForResponse((r) => r.url().includes('/api/agent/selectAgentGradeCheck.do'));
  await page.goto('/my');
  expect((await (await checked).json()).obj.activeGradeUp).toBe(0);
  await page.getByRole('link', { name: '代理升级' }).click();
  await expect(toast(page)).toHaveText('当前级别不可升级！');
  await expect(page).toHaveURL(/\/my$/);
  await shot(page, '18-2.1-top-grade');
});
