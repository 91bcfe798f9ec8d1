import { expect } from '@playwright/test';
import { test } from './axe';
import { apiCall, DEMO, dialog, expectToast, field, fillRegistration, freshPhone, loginAs, submitRegistration } from './helpers';

test.describe('/share and /agreement', () => {
  test('/share sits in the tab shell, holds the inviter, and the share sheet answers 分享成功 / 已取消分享', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await page.goto('/share');

    const tabs = page.getByRole('navigation');
    for (const title of ['首页', '购物车', '我的']) await expect(tabs.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '邀请好友' })).toBeVisible();
    await expect(field(page, '邀请人')).toHaveValue(DEMO.inviter.phone);
    await expect(page.getByRole('button', { name: '返回', exact: true })).toHaveCount(0);

    const shareButton = page.getByRole('button', { name: '分享给好友' });
    await shareButton.click();
    const sheet = dialog(page);
    await expect(sheet).toContainText('分享给好友');
    await expect(sheet).toContainText(`/register?inviterAgentPhone=${DEMO.inviter.phone}`);
    await sheet.getByRole('button', { name: '分享', exact: true }).click();
    await expectToast(page, '分享成功');
    await expect(sheet).toBeHidden();

    await shareButton.click();
    await expect(sheet).toContainText('分享给好友');
    await sheet.getByRole('button', { name: '取消', exact: true }).click();
    await expectToast(page, '已取消分享');
    await expect(sheet).toBeHidden();
  });

  test('a friend registered from /share: 注册成功, back to /home, the inviter stays logged in', async ({ page, request }) => {
    const friend = { phone: freshPhone(), password: 'pass1234' };
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await page.goto('/share');
    await expect(field(page, '邀请人')).toHaveValue(DEMO.inviter.phone);

    await fillRegistration(page, { name: '孙好友', phone: friend.phone, level: '体验代理', password: friend.password, repeatPassword: friend.password, agree: true });
    await submitRegistration(page);
    await expect(dialog(page)).toContainText(`${DEMO.inviter.name}（${DEMO.inviter.phone}）`);
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '注册成功');
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
    await expect(page.getByText('张明（钻石代理）欢迎您')).toBeVisible();

    // The friend's account exists and opens with the password chosen on the form.
    const login = await apiCall(request, '/api/home/newLogin.do', { suAccount: friend.phone, suPassword: friend.password });
    expect(login.errorType, login.msg).toBe('SUCCESS');
    expect(login.obj?.agentName).toBe('孙好友');
  });

  test('/agreement shows the title and the HTML content of the agreement', async ({ page }) => {
    await page.goto('/agreement');
    await expect(page.getByRole('heading', { name: '代理商注册协议' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '一、总则' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '三、合规保证金' })).toBeVisible();
    await expect(page.getByText('代理商须按所选级别完成首次充值后方可采购商品。')).toBeVisible();
  });
});
