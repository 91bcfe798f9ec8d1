import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { asPage, expectToast, fill, latestSms, registerAgentViaApi, shot, toast } from './helpers';
import { firstTopUpApproved, loginInWeChat, WECHAT_UA } from './first-top-up';

// ADR 0029 and 1.6, inside WeChat's browser at a phone's size: the SMS code survives a refusal that does not need
// it, the countdown survives leaving the page, and the shop asks for a payment password at the right moments.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const countdownButton = (page: Page) => page.getByRole('button', { name: /^\d+s后重新获取$/ });

test('1.6 after the first top-up is approved, /home asks once for a payment password; /payPass keeps its countdown and comes back', async ({ page }) => {
  const agent = await registerAgentViaApi(page.request, '周首充');
  await loginInWeChat(page, agent.phone, agent.password);
  // Before approval nothing asks.
  await expect(page.getByText('请先充值首充金额', { exact: false })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await firstTopUpApproved(page, agent.phone);
  await page.goto('/home');
  const ask = page.getByRole('dialog').filter({ hasText: '为了资金安全，请先设置支付密码' });
  await expect(ask).toBeVisible();
  await shot(page, '18-1.6-ask-after-approval');
  await ask.getByRole('button', { name: '去设置' }).click();
  await expect(page).toHaveURL(/\/payPass\?back=%2Fhome$/);
  await expect(page.getByRole('heading', { name: '设置新密码' })).toBeVisible();

  // 1.5: the countdown survives leaving the page, and a re-send inside it says how long to wait.
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expectToast(page, '验证码发送成功');
  await expect(countdownButton(page)).toBeVisible();
  await page.goto('/my');
  await expect(page.getByRole('dialog')).toHaveCount(0); // asked once only
  await page.goto('/payPass?back=%2Fhome');
  await expect(countdownButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: '获取验证码' })).toHaveCount(0);
  await countdownButton(page).click();
  await expect(toast(page)).toHaveText(/^验证码已发送，请\d+秒后再重新获取$/);
  await shot(page, '18-1.5-countdown-kept');

  // A mismatch is refused on the device: the code stays unspent.
  await fill(page, '验证码', (await latestSms(page.request, agent.phone)).code);
  await fill(page, '支付密码', '246810');
  await fill(page, '确认密码', '246811');
  await page.getByRole('button', { name: '确认' }).click();
  await expect(toast(page)).not.toHaveText('设置成功');
  await fill(page, '确认密码', '246810');
  await page.getByRole('button', { name: '确认' }).click();
  await expectToast(page, '设置成功');
  await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('1.5 changing the payment password to the old one keeps the SMS code for the corrected retry', async ({ page }) => {
  test.setTimeout(150_000);
  const agent = await registerAgentViaApi(page.request, '周改密');
  await loginInWeChat(page, agent.phone, agent.password);
  const post = await asPage(page);
  await post('/api/home/sendSMSCode.do', { funcType: 6, suPhone: agent.phone });
  await post('/api/agent/editPayPassword.do', { suPhone: agent.phone, smsCode: (await latestSms(page.request, agent.phone)).code, newPayPassword: '111111' });

  await page.goto('/my');
  await page.goto('/payPass');
  await page.reload(); // the session now knows a payment password is set
  await expect(page.getByRole('heading', { name: '修改支付密码' })).toBeVisible();
  // The server's 60-second cooldown of the code just used to set the password.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: '获取验证码' }).click();
        return toast(page).textContent();
      },
      { timeout: 75_000, intervals: [5000] },
    )
    .toBe('验证码发送成功');
  const code = (await latestSms(page.request, agent.phone)).code;
  await fill(page, '验证码', code);
  await fill(page, '支付密码', '111111');
  await fill(page, '确认密码', '111111');
  await page.getByRole('button', { name: '确认' }).click();
  await expectToast(page, '新支付密码不能与旧密码相同');
  await shot(page, '18-1.5-same-as-old');
  // Same code, corrected password: accepted.
  await fill(page, '支付密码', '135790');
  await fill(page, '确认密码', '135790');
  await page.getByRole('button', { name: '确认' }).click();
  await expectToast(page, '设置成功');
  await expect(page).toHaveURL(/\/my$/, { timeout: 5000 });
});
