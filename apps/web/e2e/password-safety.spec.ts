import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, fill, latestSms, submitLogin } from './helpers';
import { asStaff, type StaffCall } from './staff';

// ADR 0024, inside WeChat's browser at a phone's size: a payment password before money leaves, and a staff reset's
// one-time password that must be replaced first. 刘洋 (13800000006) is used by no other shop spec.
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const AGENT = { phone: '13800000006', password: DEMO.password };

test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });
test.describe.configure({ mode: 'serial' });

async function agentIdOf(page: Page, staff: StaffCall, phone: string) {
  const found = await staff('/api/staff/searchAgents.do', { keyword: phone, phonePage: { pageSize: 10, pageNum: 1 } });
  return found.objs.find((a: any) => a.phone === phone).agentId as number;
}

/** The login screen inside WeChat: the first load makes the OAuth round trip (openId) and comes back to /login. */
async function openLogin(page: Page) {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
}

async function startTransfer(page: Page) {
  await page.goto('/total');
  await page.getByRole('button', { name: '转款', exact: true }).click();
  await expect(page).toHaveURL(/\/totalZzApplay\?laveIncome=/);
  await page.getByLabel('接收人手机号', { exact: true }).fill('13800000004');
  await page.getByLabel('转出金额', { exact: true }).fill('10');
  await page.getByRole('radio', { name: '转入总分' }).check();
  await page.getByRole('button', { name: '确认转款' }).click();
  await expect(dialog(page)).toContainText('转出10.00元');
  await dialog(page).getByRole('button', { name: '确定' }).click();
}

test('an agent without a payment password sets one (SMS code) before the transfer, comes back and pays with it', async ({ page }) => {
  const staff = await asStaff(page, 'admin');
  const agentId = await agentIdOf(page, staff, AGENT.phone);
  await staff('/api/staff/adjustAgentBalance.do', { agentId, account: 'income', amount: '50.00', reason: '浏览器测试', idempotencyKey: `e2e-${Date.now()}` });

  await openLogin(page);
  await submitLogin(page, AGENT.phone, AGENT.password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
  await startTransfer(page);
  // No keypad and no transfer: the agent is led to /payPass, with a way back here.
  // ADR 0024: a dialog says why, then /payPass with the way back.
  const ask = page.getByRole('dialog').filter({ hasText: '为了资金安全，请先设置支付密码' });
  await ask.getByRole('button', { name: '去设置' }).click();
  await expect(page).toHaveURL(/\/payPass\?back=%2FtotalZzApplay/);
  await expect(page.getByRole('heading', { name: '设置新密码' })).toBeVisible();
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(AGENT.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expectToast(page, '验证码发送成功');
  await fill(page, '验证码', (await latestSms(page.request, AGENT.phone)).code);
  await fill(page, '支付密码', '246810');
  await fill(page, '确认密码', '246810');
  await page.getByRole('button', { name: '确认' }).click();
  await expectToast(page, '设置成功');
  await expect(page).toHaveURL(/\/totalZzApplay\?laveIncome=/, { timeout: 5000 });

  await startTransfer(page);
  const sheet = page.getByRole('dialog', { name: '请输入支付密码' });
  await expect(sheet).toBeVisible();
  for (const d of '246810') await page.locator('.adm-number-keyboard-key').filter({ hasText: new RegExp(`^${d}$`) }).click();
  await expectToast(page, '转款成功');
});

test('after a staff reset the one-time password from the SMS logs in, and only a new password can be set first', async ({ page }) => {
  const staff = await asStaff(page, 'admin');
  const agentId = await agentIdOf(page, staff, AGENT.phone);
  const reset = await staff('/api/staff/resetAgentPassword.do', { agentId, reason: '本人来电忘记密码' });
  expect(reset.obj.phone).toBe('138****0006');
  const sms = await (await page.request.get(`/dev/sms-outbox?phone=${AGENT.phone}`)).json();
  expect(JSON.stringify(reset)).not.toContain(sms.password);

  // The reset ended the session of the first test: the app is back at /login on its next call.
  await openLogin(page);
  await submitLogin(page, AGENT.phone, AGENT.password);
  await expectToast(page, '账号或密码错误');
  await submitLogin(page, AGENT.phone, sms.password);
  await expect(page).toHaveURL(/\/edidPass$/);
  await expect(page.getByRole('alert')).toContainText('请先设置新的登录密码');
  // Nothing else opens meanwhile.
  await page.goto('/my');
  await expect(page).toHaveURL(/\/edidPass$/);
  await page.goto('/totalZzApplay?laveIncome=40.00');
  await expect(page).toHaveURL(/\/edidPass$/);

  await fill(page, '当前密码', sms.password);
  await fill(page, '新密码', 'mine2026');
  await fill(page, '确认新密码', 'mine2026');
  await page.getByRole('button', { name: '确认修改' }).click();
  await dialog(page).getByRole('button', { name: /确定|我知道了/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, AGENT.phone, 'mine2026');
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
});
