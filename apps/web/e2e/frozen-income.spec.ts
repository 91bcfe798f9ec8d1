import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, registerAgentViaApi, shot } from './helpers';
import { firstTopUpApproved, loginInWeChat, WECHAT_UA } from './first-top-up';

// Inside WeChat at a phone's size: /total's 冻结金额 opens the frozen items behind it.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

test('1.7 a recruit’s approved first top-up shows under 冻结金额 with the recruit, the top-up code, the amount and the release date', async ({ page }) => {
  const recruit = await registerAgentViaApi(page.request, '冯新人');
  await loginInWeChat(page, recruit.phone, recruit.password);
  const code = await firstTopUpApproved(page, recruit.phone);

  // The inviter (张明) on another day of the same phone.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/total');
  const frozen = page.getByRole('link', { name: /^冻结金额 ¥[\d.]+，查看冻结明细$/ });
  await expect(frozen).toBeVisible();
  await frozen.click();
  await expect(page).toHaveURL(/\/frozenIncome$/);
  await expect(page.getByRole('tab', { name: '冻结中' })).toHaveAttribute('aria-selected', 'true');
  const item = page.getByRole('article').filter({ hasText: code });
  await expect(item).toContainText('招募奖励');
  await expect(item).toContainText('来自 冯新人');
  await expect(item).toContainText(`充值单号 ${code}`);
  await expect(item.getByTestId('release-date')).toHaveText(/^预计 \d{4}-\d{2}-\d{2} 解冻$/);
  await expect(item.locator('strong')).toHaveText(/^¥\d+\.\d{2}$/);
  await shot(page, '18-1.7-frozen-list');

  // Nothing has been released yet: the history is empty and says so.
  await page.getByRole('tab', { name: '已解冻' }).click();
  await expect(page.getByText('暂无解冻记录')).toBeVisible();
});
