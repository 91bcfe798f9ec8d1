import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, loginAs, shot } from './helpers';

/** 赵强 (13800000004), another demo agent of the platform: 100.00 total score, no payment password. */
const RECIPIENT = { phone: '13800000004', name: '赵强' };
const PAY_PASSWORD = '123456';

/** The staff API as the finance clerk (no screen yet). */
async function asFinance(page: Page) {
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ username: 'caiwu', password: 'staff1234' }) } });
  const token = (await login.json()).staffToken as string;
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { staffToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}

/** '¥7,000.00' or '¥7000.00' on screen → fen. */
const fenOf = async (page: Page, testId: string) => Math.round(Number((await page.getByTestId(testId).innerText()).replace(/[¥,]/g, '')) * 100);

/** Forgets the session (both stores) so the next visit of /login shows the form. */
const logout = (page: Page) =>
  page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

/** Types the six digits on the password sheet's number keyboard. */
async function typePin(page: Page, pin: string) {
  const sheet = page.getByRole('dialog', { name: '请输入支付密码' });
  await expect(sheet).toBeVisible();
  const keys = page.locator('.pay-sheet-keyboard .adm-number-keyboard-key');
  for (const d of pin) await keys.filter({ hasText: new RegExp(`^${d}$`) }).click();
}

test('13800000001 withdraws 1000.00 with the fee shown; staff pay it out and the record moves from 提现中 to 已提现', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/total');
  const before = await fenOf(page, 'lave-income');
  await expect(page.getByTestId('apply-income')).toHaveText('¥0.00');
  await page.getByRole('button', { name: '提现', exact: true }).click();
  await expect(page).toHaveURL(/\/totalTxApplay$/);

  // The rule as the hint, the same messages as the server, the fee live as the amount is typed.
  await expect(page.getByText('最低提现100.00元，须为100.00的整数倍，手续费0.6%')).toBeVisible();
  const amount = page.getByLabel('提现金额', { exact: true });
  await amount.fill('0');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expectToast(page, '提现金额不能为0');
  await amount.fill('12.345');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expectToast(page, '请输入正确的提现金额，整数或保留2位小数');
  // spec 3 §5: the minimum, the multiple and the balance are checked as the agent types, before the confirm and the PIN.
  for (const [typed, refusal] of [
    ['150', '提现金额须为100.00的整数倍'],
    ['50', '提现金额不能低于100.00元'],
    [((before + 10_000) / 100).toFixed(2), '您的总分余额不足'],
  ] as const) {
    await amount.fill(typed);
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    if (typed === '150') await shot(page, '4-withdraw');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectToast(page, refusal);
    await expect(dialog(page)).toHaveCount(0);
  }
  await amount.fill('1000');
  await expect(page.locator('.funds-refusal')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-fee')).toHaveText('¥6.00');
  await expect(page.getByTestId('withdraw-arrive')).toHaveText('¥994.00');
  // The default collection account is chosen.
  await expect(page.getByRole('radiogroup', { name: '收款账户' }).getByRole('radio')).toBeChecked();

  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog(page).getByText('是否确认提现？')).toBeVisible();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await typePin(page, '000000');
  await expect(page.locator('.pay-sheet-error')).toContainText('密码错误');
  await typePin(page, PAY_PASSWORD);
  await expectToast(page, '提现申请已提交');
  await expect(page).toHaveURL(/\/totalTxRecord$/);

  const withdrawing = page.getByRole('tabpanel', { name: '提现中' });
  const record = withdrawing.getByRole('article');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('¥1000.00');
  await expect(record).toContainText('¥6.00');
  await expect(record).toContainText('¥994.00');
  await expect(record).toContainText('提现中');
  const code = (await record.getAttribute('aria-label'))!.replace('提现 ', '');

  // The balance moved into 提现中 at once.
  await page.goto('/total');
  await expect(page.getByTestId('apply-income')).toHaveText('¥1000.00');
  expect(await fenOf(page, 'lave-income')).toBe(before - 100_000);

  // The finance clerk pays it out with the transfer reference.
  const staff = await asFinance(page);
  const pending = await staff('/api/staff/selectPendingWithdrawals.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const mine = pending.objs.find((w: { withdrawCode: string }) => w.withdrawCode === code);
  expect(mine, `${code} among the pending withdrawals`).toBeTruthy();
  expect(mine.bondMoney).toBe('1000.00');
  await staff('/api/staff/reviewWithdrawal.do', { id: mine.id, approve: true, reason: '', payoutReference: `BANK-${code}` });

  await page.goto('/totalTxRecord');
  await expect(page.getByRole('tabpanel', { name: '提现中' }).getByText('暂无记录')).toBeVisible();
  await page.getByRole('tab', { name: '已提现' }).click();
  const paid = page.getByRole('tabpanel', { name: '已提现' }).getByRole('article', { name: `提现 ${code}` });
  await expect(paid).toContainText('已提现');
  await expect(paid).toContainText('¥994.00');
  await page.goto('/total');
  await expect(page.getByTestId('apply-income')).toHaveText('¥0.00');
  expect(await fenOf(page, 'lave-income')).toBe(before - 100_000);
});

test('13800000001 transfers 100.00 to 13800000004 after the 转款确认; both balances change', async ({ page }) => {
  await loginAs(page, RECIPIENT.phone, DEMO.password);
  await page.goto('/total');
  const theirs = await fenOf(page, 'lave-income');
  await logout(page);

  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/total');
  const mine = await fenOf(page, 'lave-income');
  await page.getByRole('button', { name: '转款', exact: true }).click();
  await expect(page).toHaveURL(/\/totalZzApplay\?laveIncome=/);

  await page.getByLabel('接收人手机号', { exact: true }).fill(RECIPIENT.phone);
  // The only method is ticked from the start.
  await expect(page.getByRole('radio', { name: '转入总分' })).toBeChecked();
  // More than the balance is refused as it is typed, before the confirm and the PIN (spec 3 §5).
  await page.getByLabel('转出金额', { exact: true }).fill(((mine + 100) / 100).toFixed(2));
  await expect(page.getByRole('alert').filter({ hasText: '您的总分余额不足' })).toBeVisible();
  await shot(page, '4-transfer');
  await page.getByRole('button', { name: '确认转款' }).click();
  await expectToast(page, '您的总分余额不足');
  await expect(dialog(page)).toHaveCount(0);
  await page.getByLabel('转出金额', { exact: true }).fill('0');
  await page.getByRole('button', { name: '确认转款' }).click();
  await expectToast(page, '转出金额不能为0');
  await page.getByLabel('转出金额', { exact: true }).fill('100');
  await page.getByRole('button', { name: '确认转款' }).click();
  await expect(dialog(page).getByText('转款确认')).toBeVisible();
  await expect(dialog(page)).toContainText(RECIPIENT.name);
  await expect(dialog(page)).toContainText('100.00元');
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await typePin(page, PAY_PASSWORD);
  await expectToast(page, '转款成功');
  await expect(page).toHaveURL(/\/total$/);
  await expect.poll(() => fenOf(page, 'lave-income')).toBe(mine - 10_000);
  await page.goto('/totalSzRecord?tab=2');
  await expect(page.getByRole('tabpanel', { name: '支出' }).getByText('转出').first()).toBeVisible();

  await logout(page);
  await loginAs(page, RECIPIENT.phone, DEMO.password);
  await page.goto('/total');
  await expect.poll(() => fenOf(page, 'lave-income')).toBe(theirs + 10_000);
  await page.goto('/totalSzRecord?tab=1');
  await expect(page.getByRole('tabpanel', { name: '收入' }).getByText('转入').first()).toBeVisible();
});

test('the frozen 500.00 due now is thawed into the goods fund once; the 300.00 not yet due stays frozen', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/loan');
  const store = await fenOf(page, 'last-store');
  await expect(page.getByTestId('frozen-store')).toHaveText('¥800.00');
  await page.getByRole('link', { name: '去解冻' }).click();
  await expect(page).toHaveURL(/\/amount$/);
  await expect(page.getByTestId('frozen-money')).toHaveText('¥800.00');
  await expect(page.getByTestId('thaw-money')).toHaveText('¥500.00');
  await page.getByRole('button', { name: '立即解冻' }).click();
  await dialog(page).getByRole('button', { name: '确定' }).click();
  await expectToast(page, '解冻成功');
  await expect(page.getByTestId('thaw-money')).toHaveText('¥0.00');
  await expect(page.getByTestId('frozen-money')).toHaveText('¥300.00');
  await expect(page.getByRole('button', { name: '暂无可解冻金额' })).toBeDisabled();
  await expect(page.getByRole('list', { name: '冻结记录' }).getByText('冻结中')).toHaveCount(1);

  await page.goto('/loan');
  await expect.poll(() => fenOf(page, 'last-store')).toBe(store + 50_000);
  await expect(page.getByTestId('frozen-store')).toHaveText('¥300.00');
  // Top-up records: 张明 has none pending; the tabs switch in place.
  await page.getByRole('link', { name: '充值记录' }).click();
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: '全部' }).click();
  await expect(page.getByRole('tabpanel', { name: '全部' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/loan$/);
  await page.getByRole('link', { name: '收支明细' }).click();
  await page.getByRole('tab', { name: '收入' }).click();
  await expect(page.getByRole('tabpanel', { name: '收入' }).getByText('冻结转入').first()).toBeVisible();
});

test('a collection account is added with the bank picker, made the default, then deleted', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/eceiving');
  await expect(page.getByRole('region', { name: /6222021234567890123/ })).toBeVisible();
  await page.getByRole('button', { name: '添加收款账户' }).click();
  await expect(page).toHaveURL(/\/eveningP$/);

  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '请选择开户银行');
  await page.getByRole('button', { name: '开户银行', exact: true }).click();
  const popup = page.locator('.adm-picker');
  await expect(popup).toBeVisible();
  await popup.locator('.adm-picker-view-column-item', { hasText: '招商银行' }).tap();
  await expect(popup.locator('.adm-picker-view-column-item-active')).toHaveText('招商银行');
  await popup.getByText('确定', { exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: '开户银行', exact: true })).toHaveText('招商银行');
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '请输入开户支行');
  await page.getByLabel('开户支行', { exact: true }).fill('深圳科技园支行');
  await page.getByLabel('持卡人', { exact: true }).fill('张明');
  await page.getByLabel('银行卡号', { exact: true }).fill('62148300001234');
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '操作成功');
  await expect(page).toHaveURL(/\/eceiving$/);

  const added = page.getByRole('region', { name: '招商银行 62148300001234' });
  await expect(added).toContainText('深圳科技园支行');
  await added.getByRole('checkbox', { name: '设为默认' }).click();
  await expect(added.getByRole('checkbox', { name: '设为默认' })).toBeChecked();
  await expect(added.getByText('默认', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /6222021234567890123/ }).getByRole('checkbox', { name: '设为默认' })).not.toBeChecked();

  // The withdrawal form now offers it first.
  await page.goto('/totalTxApplay');
  await expect(page.getByRole('radio', { name: /招商银行 张明 \*\*\*\* 1234/ })).toBeChecked();

  // The default moves back to the older account: on the next visit the list keeps its order (newest first).
  await page.goto('/eceiving');
  const labels = () => page.locator('.account-item').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const older = page.getByRole('region', { name: /6222021234567890123/ });
  await expect(older).toBeVisible();
  const before = await labels();
  expect(before).toEqual(['招商银行 62148300001234', '中国工商银行 6222021234567890123']);
  await older.getByRole('checkbox', { name: '设为默认' }).click();
  await expectToast(page, '操作成功');
  await page.goto('/eceiving');
  await expect(older.getByRole('checkbox', { name: '设为默认' })).toBeChecked();
  await expect(page.locator('.account-item')).toHaveCount(2);
  expect(await labels()).toEqual(before);

  await page.getByRole('region', { name: '招商银行 62148300001234' }).getByRole('checkbox', { name: '设为默认' }).click();
  await expectToast(page, '操作成功');
  await page.getByRole('region', { name: '招商银行 62148300001234' }).getByRole('button', { name: '删除' }).click();
  // The dialog names the bank and the last four digits, and warns that it is the default.
  await expect(dialog(page)).toContainText('确认删除招商银行（尾号1234）收款账户？');
  await expect(dialog(page)).toContainText('这是您的默认收款账户');
  await dialog(page).getByRole('button', { name: '删除' }).click();
  await expectToast(page, '删除成功');
  await expect(page.getByRole('region', { name: '招商银行 62148300001234' })).toHaveCount(0);
});
