import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginAs, PLAT_ID, staffApi } from './console';

// 张明: 8000.00 total score, payment password 123456, a default collection account in the demo seed.
const AGENT = { phone: '13800000001', password: 'demo1234', payPassword: '123456' };

/** A withdrawal of `yuan` by 张明 through the shop's API; answers its code and id. */
async function withdrawal(request: APIRequestContext, yuan: string) {
  const post = async (path: string, payload: Record<string, unknown>, token?: string) => {
    const res = await request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: token ? { accessToken: token } : {} });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
  const login = await post('/api/home/newLogin.do', { suAccount: AGENT.phone, suPassword: AGENT.password });
  const token = login.accessToken as string;
  const rule = await post('/api/agentAccount/selAccountInfoAndCashRule.do', {}, token);
  const accountId = rule.obj.baseOfflinePayAccountlist[0].id as number;
  const w = await post('/api/agentAccount/saveAgentWithdrawCashApply.do', { bondMoney: yuan, accountId, payPassword: AGENT.payPassword, idempotencyKey: crypto.randomUUID() }, token);
  return { id: w.obj.id as number, code: w.obj.withdrawCode as string };
}

test('finance pays a withdrawal out with its payout reference; a withdrawal another member decided first is refused and leaves the list', async ({ page }) => {
  const paid = await withdrawal(page.request, '300');
  const raced = await withdrawal(page.request, '100');

  await loginAs(page, 'finance');
  await page.goto('/admin/queues/withdrawals');
  const row = (code: string) => page.getByRole('row').filter({ hasText: code });
  await expect(row(paid.code)).toContainText('¥298.20');
  await expect(row(paid.code)).toContainText('13800000001');

  // Approving asks for the payout reference first.
  await row(paid.code).getByRole('button', { name: /^通过/ }).click();
  const dialog = page.getByRole('dialog', { name: '审核通过' });
  await expect(dialog).toContainText(paid.code);
  await dialog.getByRole('button', { name: '确认通过' }).click();
  await expect(dialog).toContainText('请输入打款流水号');
  await dialog.getByLabel('打款流水号').fill('BANK-E2E-0001');
  await dialog.getByRole('button', { name: '确认通过' }).click();
  await expect(page.locator('.ant-message')).toContainText('已打款');
  await expect(row(paid.code)).toHaveCount(0);

  // The member starts rejecting; meanwhile an admin pays it out. The server's answer is shown and the row goes.
  await row(raced.code).getByRole('button', { name: /^驳回/ }).click();
  const reject = page.getByRole('dialog', { name: '驳回申请' });
  await reject.getByLabel('驳回原因').fill('收款账户信息有误');
  const admin = await staffApi(page, 'admin');
  await admin('/api/staff/reviewWithdrawal.do', { id: raced.id, approve: true, payoutReference: 'BANK-E2E-0002' });
  await reject.getByRole('button', { name: '确认驳回' }).click();
  await expect(page.locator('.ant-message')).toContainText('提现申请状态已变化，请刷新后重试');
  await expect(reject).toHaveCount(0);
  await expect(row(raced.code)).toHaveCount(0);
});
