import { expect, test } from '@playwright/test';
import { loginAs } from './console';

test('a wrong password is refused with the reason, and the console opens after a right one', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('alert')).toContainText('账号或密码错误');
  await loginAs(page, 'admin');
  await expect(page.getByRole('menu').first()).toContainText('员工管理');
});
