import { expect } from '@playwright/test';
import { test } from './axe';
import { expectToast, fill, latestSms, registerAgentViaApi, submitLogin, toast } from './helpers';

test.describe('/password', () => {
  test('a fresh agent resets the password with the SMS code, then logs in with the new one only', async ({ page, request }) => {
    const agent = await registerAgentViaApi(request, '周重置');
    const newPassword = 'new54321';

    await page.goto('/password');
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await fill(page, '手机号', agent.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expectToast(page, '验证码发送成功');

    // The button now counts down from 60 seconds.
    const countdown = page.getByRole('button', { name: /^\d+s后重新获取$/ });
    await expect(countdown).toBeVisible();
    const secondsLeft = async () => Number((await countdown.textContent())!.match(/^(\d+)s/)![1]);
    const first = await secondsLeft();
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    await expect.poll(secondsLeft, { timeout: 5000 }).toBeLessThan(first);
    await expect(page.getByRole('button', { name: '获取验证码' })).toHaveCount(0);

    await countdown.click();
    // ADR 0029: the refusal says how long to wait.
    await expect(toast(page)).toHaveText(/^验证码已发送，请\d+秒后再重新获取$/);

    const sms = await latestSms(request, agent.phone);
    expect(sms.funcType).toBe(2);
    expect(sms.code).toMatch(/^\d{6}$/);

    await fill(page, '验证码', sms.code);
    await fill(page, '新密码', newPassword);
    await fill(page, '确认密码', newPassword);
    await page.getByRole('button', { name: '确认重置' }).click();
    await expectToast(page, '重置成功');
    // The page waits about 2 seconds before going to /login.
    await expect(page).toHaveURL(/\/password$/);
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await submitLogin(page, agent.phone, newPassword);
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('周重置（体验代理）欢迎您')).toBeVisible();

    // Another browser, without this one's stored session (which would go straight to /home): the old password fails.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/login');
    await submitLogin(page, agent.phone, agent.password);
    await expectToast(page, '账号或密码错误');
    await expect(page).toHaveURL(/\/login$/);
  });
});
