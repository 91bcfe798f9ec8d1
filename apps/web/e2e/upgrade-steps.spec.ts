import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { dialog, expectToast, registerAgentViaApi, shot } from './helpers';
import { firstTopUpApproved, loginInWeChat, WECHAT_UA } from './first-top-up';
import { asFinance } from './staff';

// spec 3 §2 Upgrade and §4 Upgrade review, inside WeChat's browser at a phone's size.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const png = () => sharp({ create: { width: 60, height: 40, channels: 3, background: '#e76f51' } }).png().toBuffer();

/** A new device session for another agent (the stored session and the device's memories of the last one are gone). */
async function freshLogin(page: Page, phone: string, password: string) {
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  await loginInWeChat(page, phone, password);
}

/** A new 体验代理 whose first top-up staff have approved, logged in afresh. */
async function activeAgent(page: Page, name: string, inviterPhone?: string) {
  const agent = await registerAgentViaApi(page.request, name, inviterPhone);
  await freshLogin(page, agent.phone, agent.password);
  await firstTopUpApproved(page, agent.phone);
  await freshLogin(page, agent.phone, agent.password);
  return agent;
}

const steps = (page: Page) => page.getByRole('list', { name: '升级进度' });

test('2.2 a cancelled WeChat payment says 已取消支付; an offline upgrade goes back two pages; approved, the steps reach 升级成功', async ({ page }) => {
  test.setTimeout(120_000);
  const agent = await activeAgent(page, '周升级');

  // /my → 代理升级 → 去升级 (the restock rule of 银卡代理) → /offline.
  await page.getByRole('navigation').getByRole('button', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await page.getByRole('link', { name: '代理升级' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/选择代理等级/);
  await expect(page.getByRole('radio', { name: '银卡代理' })).toHaveAttribute('aria-checked', 'true');
  const rules = page.getByRole('region', { name: '银卡代理申请条件' });
  await rules.getByRole('listitem').filter({ hasText: '一次性进货' }).getByRole('button', { name: '去升级' }).click();
  await expect(page).toHaveURL(/\/offline\?gradeId=\d+$/);
  const amount = (await page.getByTestId('recharge-money').textContent())!;

  // WeChat, cancelled on the pay sheet: spec 3 §8's 已取消支付, the agent stays to choose again, nothing is pending.
  await page.getByRole('radio', { name: '微信支付' }).check();
  await page.getByRole('button', { name: '确认支付' }).click();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: '微信支付（模拟）' });
  await sheet.getByRole('button', { name: '取消' }).click();
  await expectToast(page, '已取消支付');
  await expect(page).toHaveURL(/\/offline\?gradeId=\d+$/);
  await expect(page.getByRole('button', { name: '确认支付' })).toBeEnabled();
  await shot(page, '18-2.2-wechat-cancelled');

  // Offline with a voucher: submitted, the page goes back two pages, past /upgrade to /my (spec 3 §4).
  await page.getByRole('radio', { name: '线下支付' }).check();
  await page.getByRole('radio', { name: /4000023409200156789/ }).check();
  await page.getByLabel('打款账户名', { exact: true }).fill('周升级');
  await page.getByLabel('打款账户', { exact: true }).fill('6222020200007650001');
  await page.getByLabel('上传打款凭证').setInputFiles([{ name: 'voucher.png', mimeType: 'image/png', buffer: await png() }]);
  await expect(page.locator('.voucher img')).toHaveCount(1);
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(dialog(page)).toContainText('是否确认提交升级申请');
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await expectToast(page, '提交成功，等待审核');
  await expect(page).toHaveURL(/\/my$/);
  await shot(page, '18-2.2-back-two-pages');

  // Under review: the second step.
  await page.getByRole('link', { name: '代理升级' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/资格审核中/);
  await expect(page.getByRole('button', { name: '去升级' }).first()).toBeDisabled();

  // Finance approves: the steps end at 升级成功 and the grade is 银卡代理.
  const staff = await asFinance(page);
  const pending = await staff('/api/staff/selectPendingRecharges.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const mine = pending.objs.find((r: any) => r.agentPhone === agent.phone);
  expect(mine).toMatchObject({ gradeUpType: 2, payType: 1, rechargeMoney: amount.replace('¥', '') });
  await staff('/api/staff/reviewRecharge.do', { id: mine.id, approve: true });
  await page.reload();
  await expect(page.getByText('当前等级：银卡代理')).toBeVisible();
  await expect(steps(page).locator('[aria-current="step"]')).toHaveText(/升级成功/);
  await expect(steps(page).locator('li.done')).toHaveCount(3);
  await shot(page, '18-2.2-upgrade-success');
});

test('1.13 the recruit rule shows its progress: 已推荐 1/3 once one invited agent has topped up', async ({ page }) => {
  test.setTimeout(120_000);
  const inviter = await activeAgent(page, '周推荐');
  await page.goto('/upgrade');
  const rule = page.getByRole('region', { name: '银卡代理申请条件' }).getByRole('listitem').filter({ hasText: '直推3位已充值代理' });
  await expect(rule).toContainText('已推荐 0/3');

  // One invitee tops up and is approved; another only registers (not counted).
  await activeAgent(page, '周新人', inviter.phone);
  await registerAgentViaApi(page.request, '周未充', inviter.phone);
  await freshLogin(page, inviter.phone, inviter.password);
  await page.goto('/upgrade');
  await expect(rule).toContainText('已推荐 1/3');
  await expect(rule.getByRole('progressbar', { name: '已推荐 1/3' })).toHaveAttribute('value', '1');
  await expect(rule.getByRole('button', { name: '去升级' })).toBeDisabled();
  await shot(page, '18-1.13-recruit-progress');
});
