import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, field, fill, submitLogin } from './helpers';

const tab = (page: Page, title: string) => page.getByRole('navigation').getByText(title, { exact: true });
const backButton = (page: Page) => page.getByRole('button', { name: '返回', exact: true });

test.describe('/login', () => {
  test('记住密码: login, stay logged in across a reload, logout from 我的 to a pre-filled form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('checkbox', { name: '记住密码' })).not.toBeChecked();
    await submitLogin(page, DEMO.inviter.phone, DEMO.password, { remember: true });
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('张明（钻石代理）欢迎您')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('张明（钻石代理）欢迎您')).toBeVisible();

    await tab(page, '我的').click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByText('张明（钻石代理）')).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    const confirm = dialog(page);
    await expect(confirm).toContainText('确定退出登录吗？');
    await confirm.getByRole('button', { name: '确定' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, '账号')).toHaveValue(DEMO.inviter.phone);
    await expect(page.getByRole('checkbox', { name: '记住密码' })).toBeChecked();
    await expect(field(page, '密码')).toHaveValue('');

    // Logging in again from there lands on /home (the page left at logout is not a redirect target).
    await fill(page, '密码', DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a logged-out visit to /orders goes to /login?redirect=%2Forders, and login lands on /orders', async ({ page }) => {
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();

    await submitLogin(page, DEMO.inviter.phone, DEMO.password);
    await expectToast(page, '登录成功');
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a wrong password shows 账号或密码错误 and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, '13800000004', 'wrong999');
    await expectToast(page, '账号或密码错误');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('赵强')).toHaveCount(0);
  });

  test('/ and an unknown path go to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '代理商城' })).toBeVisible();

    await page.goto('/no-such-page/here');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  });

  test('the tabs 首页 → 购物车 → 我的 replace the history entry and show no back button', async ({ page }) => {
    // An entry before the app, to see where the browser's back goes afterwards.
    await page.goto('/agreement');
    await expect(page.getByRole('heading', { name: '代理商注册协议' })).toBeVisible();
    await page.goto('/login');

    // Off the tab pages the floating back button shows once there is a page to go back to.
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(/\/password$/);
    await expect(backButton(page)).toBeVisible();
    await backButton(page).click();
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, DEMO.inviter.phone, DEMO.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('张明（钻石代理）欢迎您')).toBeVisible();
    await expect(backButton(page)).toHaveCount(0);
    const entries = await page.evaluate(() => window.history.length);

    await tab(page, '购物车').click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { name: '购物车' })).toBeVisible();
    await expect(backButton(page)).toHaveCount(0);

    await tab(page, '我的').click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByText('张明（钻石代理）')).toBeVisible();
    await expect(backButton(page)).toHaveCount(0);

    await tab(page, '首页').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(backButton(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.history.length)).toBe(entries);

    // Back leaves the app: no tab page (nor the replaced /login) was left in the history.
    await page.goBack();
    await expect(page).toHaveURL(/\/agreement$/);
    await expect(page.getByRole('heading', { name: '代理商注册协议' })).toBeVisible();
  });
});
