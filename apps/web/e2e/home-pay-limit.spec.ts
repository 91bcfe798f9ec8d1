import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, registerAgentViaApi, shot, toast } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';

// spec 1 §2 /home: a fixed notice states the first-payment limit, whatever the agent's status.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const LIMIT = '首次付款限额：单笔 10,000 元，每月 50,000 元';

test('2.4 the first-payment limit shows on /home for a new agent and for an active one', async ({ page }) => {
  const fresh = await registerAgentViaApi(page.request, '周限额');
  await loginInWeChat(page, fresh.phone, fresh.password);
  const notice = page.getByRole('note', { name: '付款限额' });
  await expect(notice).toHaveText(LIMIT);
  await expect(page.getByRole('alert').filter({ hasText: '去充值' })).toBeVisible();
  await expect(toast(page)).toBeHidden();
  await shot(page, '18-2.4-pay-limit-new-agent');

  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  await expect(notice).toHaveText(LIMIT);
  await expect(page.getByRole('alert').filter({ hasText: '去充值' })).toHaveCount(0);
  // It sits in the page's width at 375 px.
  const box = (await notice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expect(toast(page)).toBeHidden();
  await shot(page, '18-2.4-pay-limit-active');
});
