import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import {
  DEMO,
  dialog,
  expectToast,
  fill,
  fillRegistration,
  freshPhone,
  latestSms,
  registerAgentViaApi,
  submitRegistration,
} from './helpers';

/** Tap a button and expect the toast it raises (consecutive checks below never expect the same text twice). */
async function tapAndExpect(page: Page, button: string, message: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expectToast(page, message);
}

test.describe('form validation messages, in form order', () => {
  test('login', async ({ page }) => {
    await page.goto('/login');
    await tapAndExpect(page, '登录', '请输入账号');
    await fill(page, '账号', DEMO.inviter.phone);
    await tapAndExpect(page, '登录', '请输入密码');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/password', async ({ page, request }) => {
    const agent = await registerAgentViaApi(request, '吴验证');
    await page.goto('/password');

    // The send-code button checks the phone.
    await tapAndExpect(page, '获取验证码', '手机号不能为空');
    await fill(page, '手机号', '12345678901');
    await tapAndExpect(page, '获取验证码', '请输入正确的手机号');

    // So does submit, then each field in turn.
    await fill(page, '手机号', '');
    await tapAndExpect(page, '确认重置', '手机号不能为空');
    await fill(page, '手机号', '1380000000');
    await tapAndExpect(page, '确认重置', '请输入正确的手机号');
    await fill(page, '手机号', agent.phone);
    await tapAndExpect(page, '确认重置', '验证码不能为空');
    await fill(page, '验证码', '123456');
    await tapAndExpect(page, '确认重置', '请输入新密码');
    await fill(page, '新密码', '12345');
    await tapAndExpect(page, '确认重置', '密码长度为6~10位');
    await fill(page, '新密码', 'abc12345');
    await tapAndExpect(page, '确认重置', '请再次输入新密码');
    await fill(page, '确认密码', 'abc54321');
    await tapAndExpect(page, '确认重置', '两次密码输入不一致');
    await fill(page, '确认密码', 'abc12345');

    // A real code was sent, but the one entered is not it: the server refuses.
    await tapAndExpect(page, '获取验证码', '验证码发送成功');
    const { code } = await latestSms(request, agent.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await fill(page, '验证码', wrong);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/home/editPassword.do'));
    await tapAndExpect(page, '确认重置', '验证码输入不正确');
    expect((await (await refused).json()).msg).toBe('验证码输入不正确');
    await expect(page).toHaveURL(/\/password$/);
  });

  test('/register, on the client', async ({ page }) => {
    const phone = freshPhone();
    await page.goto(`/register?inviterAgentPhone=${DEMO.inviter.phone}`);
    await expect(page.getByRole('checkbox', { name: '我已阅读并同意' })).toBeVisible();

    await tapAndExpect(page, '提交注册', '请输入姓名');
    await fillRegistration(page, { name: '郑校验' });
    await tapAndExpect(page, '提交注册', '请输入手机号');
    await fillRegistration(page, { phone: '12345678901' });
    await tapAndExpect(page, '提交注册', '请输入正确的手机号');
    await fillRegistration(page, { phone });
    await tapAndExpect(page, '提交注册', '请选择注册代理商级别');
    await fillRegistration(page, { level: '金卡代理' });
    await tapAndExpect(page, '提交注册', '请输入您的登录密码');
    await fillRegistration(page, { password: '12345' });
    await tapAndExpect(page, '提交注册', '登录密码长度6~10个字符');
    await fillRegistration(page, { password: 'pass1234' });
    await tapAndExpect(page, '提交注册', '请再次输入您的登录密码');
    await fillRegistration(page, { repeatPassword: 'pass4321' });
    await tapAndExpect(page, '提交注册', '与登录密码不一致');
    await fillRegistration(page, { repeatPassword: 'pass1234', inviter: '' });
    await tapAndExpect(page, '提交注册', '请输入邀请人手机号');
    await fillRegistration(page, { inviter: '1380000000' });
    await tapAndExpect(page, '提交注册', '请输入正确的手机号');
    await fillRegistration(page, { inviter: phone });
    await tapAndExpect(page, '提交注册', '不能与注册手机号一致');
    await fillRegistration(page, { inviter: DEMO.inviter.phone });
    await tapAndExpect(page, '提交注册', '请勾选代理商注册协议');

    // Nothing reached the confirm dialog, and the page did not move.
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/register\?/);
  });

  test('/register, refused by the server: unknown inviter, taken phone', async ({ page }) => {
    const stranger = freshPhone();
    await page.goto('/register');
    await fillRegistration(page, {
      name: '钱服务',
      phone: DEMO.other.phone,
      level: '体验代理',
      password: 'pass1234',
      repeatPassword: 'pass1234',
      inviter: stranger,
      agree: true,
    });
    await tapAndExpect(page, '提交注册', '邀请人不存在');
    await expect(dialog(page)).toHaveCount(0);

    // A known inviter is confirmed, but the phone belongs to an agent already.
    await fillRegistration(page, { inviter: DEMO.inviter.phone });
    await submitRegistration(page);
    await expect(dialog(page)).toContainText(DEMO.inviter.name);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/agent/submitApplications.do'));
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '该手机号已注册');
    expect((await (await refused).json()).msg).toBe('该手机号已注册');
    await expect(page).toHaveURL(/\/register$/);
  });
});
