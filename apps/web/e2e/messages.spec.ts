import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, shot, toast } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';

// ADR 0029: a 5xx on a data screen toasts 「服务器请求异常」 besides the page's own 重试.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

test('2.3 /total with the server failing: the toast 服务器请求异常 and the page’s 重试, which then loads', async ({ page }) => {
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  let failing = true;
  await page.route('**/api/agentAccount/selAgentApiAccountInfo.do', (route) => (failing ? route.fulfill({ status: 502, body: 'Bad Gateway' }) : route.fallback()));
  await page.goto('/total');
  await expect(toast(page)).toHaveText('服务器请求异常');
  const retry = page.getByRole('button', { name: '重试' });
  await expect(retry).toBeVisible();
  await shot(page, '18-2.3-server-error');
  failing = false;
  await retry.click();
  await expect(page.getByTestId('lave-income')).toBeVisible();
});
