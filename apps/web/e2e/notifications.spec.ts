import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, asPage, shot } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';
import { asFinance } from './staff';

// ADR 0037: the message centre, inside WeChat at 375×812.
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

test('finance pays a withdrawal: the bell on /my shows 1, the message opens the paid withdrawal', async ({ page }) => {
  await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
  const post = await asPage(page);
  // Whatever the demo agent was told before this test (the jobs run every 2 s) is read first.
  await post('/api/message/readAllMyMessages.do', { group: 'all' });
  const info = await post('/api/agentAccount/selAccountInfoAndCashRule.do', {});
  const accountId = info.obj.baseOfflinePayAccountlist[0].id as number;
  const submitted = await post('/api/agentAccount/saveAgentWithdrawCashApply.do', { bondMoney: '100', accountId, payPassword: '123456', idempotencyKey: crypto.randomUUID() });
  const code = submitted.obj.withdrawCode as string;

  const staff = await asFinance(page);
  await staff('/api/staff/reviewWithdrawal.do', { id: submitted.obj.id, approve: true, reason: '', payoutReference: `BANK-${code}` });

  await page.goto('/my');
  const bell = page.getByTestId('message-bell');
  await expect(bell.getByTestId('message-bell-count')).toHaveText('1');
  await expect(bell).toHaveAttribute('aria-label', '消息，1条未读');
  await shot(page, 'nt-1-my-bell');
  await bell.click();
  await expect(page).toHaveURL(/\/messages$/);
  const message = page.getByRole('button', { name: /^未读，\s*提现已打款/ });
  await expect(message).toContainText(`BANK-${code}`);
  await expect(page.getByRole('tab', { name: /资金/ })).toContainText('1');
  await shot(page, 'nt-2-messages');
  await message.click();
  await expect(page).toHaveURL(/\/totalTxRecord\?tab=1$/);
  await expect(page.getByRole('tabpanel', { name: '已提现' }).getByRole('article', { name: `提现 ${code}` })).toContainText('已提现');

  // Read now: the bell has no number, the message no unread mark.
  await page.goto('/home');
  await expect(page.getByTestId('message-bell')).toHaveAttribute('aria-label', '消息');
  await expect(page.getByTestId('message-bell-count')).toHaveCount(0);
  await page.goto('/messages');
  await expect(page.getByRole('button', { name: /^提现已打款/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '全部已读' })).toBeDisabled();
});

test('/seeting: WeChat notifications per kind, switched off and kept', async ({ page }) => {
  await loginInWeChat(page, DEMO.other.phone, DEMO.password);
  await page.goto('/seeting');
  const prefs = page.getByRole('region', { name: '微信消息通知' });
  const withdrawal = prefs.getByRole('switch', { name: '提现' });
  await expect(withdrawal).toBeChecked();
  await withdrawal.click();
  await expect(withdrawal).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('region', { name: '微信消息通知' }).getByRole('switch', { name: '提现' })).not.toBeChecked();
  await shot(page, 'nt-3-settings');
});

test('/messages: empty tab and a failed list with 重试', async ({ page }) => {
  await loginInWeChat(page, DEMO.other.phone, DEMO.password);
  await page.goto('/messages?group=service');
  await expect(page.getByText('暂无消息')).toBeVisible();
  let fail = true;
  await page.route('**/api/message/selectMyMessages.do', (route) => (fail ? route.fulfill({ status: 500, body: 'x' }) : route.fallback()));
  await page.goto('/messages?group=orders');
  const retry = page.getByRole('button', { name: /重\s*试/ });
  await expect(retry).toBeVisible();
  await shot(page, 'nt-4-messages-error');
  fail = false;
  await retry.click();
  await expect(page.getByText('暂无消息')).toBeVisible();
});
