import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, field, submitLogin } from './helpers';

const welcome = '张明（钻石代理）欢迎您';

test.describe('remember-me', () => {
  test('a valid session goes straight to /home from /, /login and unknown paths', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, DEMO.inviter.phone, DEMO.password, { remember: true });
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/home$/);

    for (const path of ['/', '/login', '/no-such-page/here']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/home$/);
      await expect(page.getByText(welcome)).toBeVisible();
      await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveCount(0);
    }
    // A redirect the login page was asked for is honoured too.
    await page.goto('/login?redirect=%2Forders');
    await expect(page).toHaveURL(/\/orders$/);
  });

  test('an expired session asks for the password and says 登录已过期，请重新登录', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, DEMO.inviter.phone, DEMO.password, { remember: true });
    await expect(page).toHaveURL(/\/home$/);

    // The server answers an expired token with HTTP 403 (apps/api session tests); here the browser meets that answer.
    await page.route('**/api/**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?redirect=.*)?$/);
    await expect(page.getByRole('alert').filter({ hasText: '登录已过期，请重新登录' })).toBeVisible();
    await expect(field(page, '账号')).toHaveValue(DEMO.inviter.phone);
    await expect(field(page, '密码')).toHaveValue('');

    // Logging in again clears the notice.
    await page.unroute('**/api/**');
    await submitLogin(page, DEMO.inviter.phone, DEMO.password);
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/login?redirect=%2Fhome');
    await expect(page).toHaveURL(/\/home$/);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByText('登录已过期，请重新登录')).toHaveCount(0);
  });
});
