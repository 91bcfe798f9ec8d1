import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, shot, toast } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';

// ADR 0023: a withdrawal whose answer is lost is looked up by its idempotency key (ADR 0023) before a retry.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const SUBMIT = '**/api/agentAccount/saveAgentWithdrawCashApply.do';

test('1.13 the server took the withdrawal but the answer was lost: the same key finds it, 提现申请已提交, one application', async ({ page }) => {
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/totalTxRecord');
  const before = await page.getByRole('article').count();

  let calls = 0;
  const keys: string[] = [];
  await page.route(SUBMIT, async (route) => {
    calls += 1;
    keys.push(JSON.parse(new URLSearchParams(route.request().postData() ?? '').get('in') ?? '{}').idempotencyKey);
    if (calls === 1) {
      await route.fetch(); // the server makes the application...
      await route.abort('connectionreset'); // ...and its answer never arrives
    } else await route.fallback();
  });
  await page.goto('/totalTxApplay');
  await page.getByLabel('提现金额', { exact: true }).fill('100');
  await page.getByRole('button', { name: '提交申请' }).click();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  const sheet = page.getByRole('dialog', { name: '请输入支付密码' });
  await expect(sheet).toBeVisible();
  for (const d of '123456') await page.locator('.pay-sheet-keyboard .adm-number-keyboard-key').filter({ hasText: new RegExp(`^${d}$`) }).click();

  await expect(toast(page)).toHaveText('提现申请已提交');
  await shot(page, '18-1.13-withdraw-lookup');
  await expect(page).toHaveURL(/\/totalTxRecord$/);
  expect(calls).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  // One application, not two.
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect.poll(() => page.getByRole('article').count()).toBe(before + 1);
});

test('1.13 with the network still away the agent is offered 重试 with the same key, never a blind second submit', async ({ page }) => {
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  await page.route(SUBMIT, (route) => route.abort('internetdisconnected'));
  await page.goto('/totalTxApplay');
  await page.getByLabel('提现金额', { exact: true }).fill('100');
  await page.getByRole('button', { name: '提交申请' }).click();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  const sheet = page.getByRole('dialog', { name: '请输入支付密码' });
  await expect(sheet).toBeVisible();
  for (const d of '123456') await page.locator('.pay-sheet-keyboard .adm-number-keyboard-key').filter({ hasText: new RegExp(`^${d}$`) }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '暂时无法确认提现申请是否已提交' });
  await expect(ask.getByRole('button', { name: '重试' })).toBeVisible();
  await ask.getByRole('button', { name: '稍后查看' }).click();
  await expect(ask).toBeHidden();
});
