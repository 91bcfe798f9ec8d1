import { expect, test } from '@playwright/test';
import { loginAs } from './console';

// ADR 0024: the service desk resets an agent's login password without ever seeing or choosing it.
// 李华 (13800000002): no other console spec logs her in or reads her login.
const PHONE = '13800000002';

test('service (kefu) resets a login password: no password field, the one-time password goes by SMS to the masked phone', async ({ page }) => {
  await loginAs(page, 'service');
  await page.getByRole('menuitem', { name: '代理商管理' }).click();
  await page.getByLabel('关键词').fill(PHONE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('row', { name: new RegExp(`^李华 ${PHONE}`) }).click();
  await expect(page).toHaveURL(/\/admin\/agents\/\d+$/);

  await page.getByRole('button', { name: '重置登录密码' }).click();
  const dialog = page.getByRole('dialog', { name: '重置登录密码' });
  await expect(dialog).toContainText('以短信发送至代理商本人手机 138****0002');
  await expect(dialog.locator('input[type="password"]')).toHaveCount(0);
  await dialog.getByLabel('原因').fill('本人来电忘记密码');
  await dialog.getByRole('button', { name: /重\s*置/ }).click();
  await expect(page.getByText('一次性密码已短信发送至 138****0002；代理商的登录状态已全部结束，下次登录须设置新密码')).toBeVisible();

  // The one-time password is in the agent's SMS only, nowhere on the staff member's screen.
  const sms = await (await page.request.get(`/dev/sms-outbox?phone=${PHONE}`)).json();
  expect(sms.password).toMatch(/^[A-Za-z0-9]{10}$/);
  await expect(page.getByText(sms.password)).toHaveCount(0);
});
