import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, field, fillRegistration, freshPhone, submitRegistration } from './helpers';

test.describe('/register', () => {
  test('a new agent registers under the inviter of the link, confirms the inviter, and lands on /home', async ({ page }) => {
    const phone = freshPhone();
    await page.goto(`/register?inviterAgentPhone=${DEMO.inviter.phone}`);
    await expect(page.getByRole('heading', { name: '代理商注册' })).toBeVisible();
    await expect(field(page, '邀请人')).toHaveValue(DEMO.inviter.phone);

    await fillRegistration(page, { name: '陈新', phone, level: '银卡代理', password: 'pass1234', repeatPassword: 'pass1234', agree: true });
    await submitRegistration(page);

    const confirm = dialog(page);
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('注册确认');
    await expect(confirm).toContainText(DEMO.inviter.name);
    await expect(confirm).toContainText(DEMO.inviter.phone);
    await confirm.getByRole('button', { name: '确定' }).click();

    await expectToast(page, '注册成功');
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
    await expect(page.getByText('陈新（银卡代理）欢迎您')).toBeVisible();
  });

  test('cancelling the 注册确认 dialog registers nothing; the same phone can then be registered', async ({ page }) => {
    const phone = freshPhone();
    await page.goto(`/register?inviterAgentPhone=${DEMO.inviter.phone}`);
    await fillRegistration(page, { name: '林取消', phone, level: '体验代理', password: 'pass1234', repeatPassword: 'pass1234', agree: true });
    await submitRegistration(page);

    const confirm = dialog(page);
    await expect(confirm).toContainText('注册确认');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    // Nothing was registered: the page stays and no success message shows.
    await expect(page).toHaveURL(/\/register\?/);
    await expect(page.getByText('注册成功')).toHaveCount(0);

    // A later submit of the same phone goes through.
    await submitRegistration(page);
    await expect(confirm).toContainText(DEMO.inviter.name);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '注册成功');
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
    await expect(page.getByText('林取消（体验代理）欢迎您')).toBeVisible();
  });
});
