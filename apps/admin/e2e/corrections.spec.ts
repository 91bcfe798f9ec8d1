import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { describeViolations, expectAccessible, settle, WCAG_TAGS } from '../../web/e2e/axe';
import { loginAs, PLAT_ID, staffApi } from './console';
import { offlineOrder } from './orders-fixture';

/**
 * axe (WCAG 2.2 AA, serious and critical) on one open dialog of the console: the console's own pages still carry antd's
 * default contrasts (placeholders, tags, breadcrumbs), which this issue does not touch.
 */
async function expectDialogAccessible(page: Page, name: string) {
  await settle(page);
  const results = await new AxeBuilder({ page }).include('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `axe on the dialog ${name}:\n${describeViolations(blocking)}`).toEqual([]);
}

/** A screenshot for the note, only when E2E_SHOTS names a folder. */
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
};

test('the warehouse corrects a waybill in the order detail, and the agent’s order shows 物流单号已更正', async ({ page, request }) => {
  const order = await offlineOrder(request);
  await (await staffApi(page, 'finance'))('/api/staff/reviewOfflinePayment.do', { orderId: order.id, approve: true });
  const wrong = `ZT${order.id}0000009`;
  await (await staffApi(page, 'warehouse'))('/api/staff/shipOrder.do', { orderId: order.id, parcels: [{ logisticsName: '中通快递', shipperCode: 'ZTO', waybillCode: wrong }] });

  await loginAs(page, 'warehouse');
  await page.getByRole('menuitem', { name: '订单查询' }).click();
  // ADR 0035: part of the waybill finds the order.
  await page.getByLabel('运单号').fill(wrong.slice(2));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: order.orderCode });
  await expect(row).toContainText('待收货');
  await row.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = page.getByRole('dialog', { name: `订单 ${order.orderCode}` });
  await drawer.getByRole('row').filter({ hasText: wrong }).getByRole('button', { name: '更正运单' }).click();

  const dialog = page.getByRole('dialog', { name: `更正运单 ${wrong}` });
  await dialog.getByLabel('物流公司').fill('顺丰速运');
  await dialog.getByLabel('快递公司编码').fill('SF');
  const right = `SF${order.id}0000001`;
  await dialog.getByLabel('正确的运单号').fill(right);
  await dialog.getByLabel('原因').fill('面单贴错，快递员换单');
  await expectDialogAccessible(page, '更正运单');
  await shot(page, 'r2-correct-waybill-dialog');
  await dialog.getByRole('button', { name: /更\s*正/ }).click();
  await expect(page.getByText('运单已更正')).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: right })).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: wrong })).toHaveCount(0);
  await expect(drawer.getByText('物流单号已更正')).toBeVisible();
  await expect(drawer.getByRole('button', { name: '标记未发货' })).toBeVisible();
  await shot(page, 'r2-order-detail-corrected');

  // The agent's side, in the shop at a phone's width: the order's history names the correction.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/login');
  await page.getByLabel('账号', { exact: true }).fill('13800000001');
  await page.getByLabel('密码', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/ordersDetail?id=${order.id}`);
  const history = page.getByRole('region', { name: '订单记录' });
  await expect(history).toContainText('物流单号已更正');
  await expect(history).toContainText(right);
  await expect(history).not.toContainText('面单贴错');
  await history.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the shop order detail with its history');
  await shot(page, 'r2-shop-order-history');
});

test('the admin creates an agent who joins offline; the password goes by SMS, never on screen', async ({ page }) => {
  const phone = `1391${String(Date.now()).slice(-7)}`;
  await loginAs(page, 'admin');
  await page.getByRole('menuitem', { name: '代理商管理' }).click();
  await page.getByRole('button', { name: '新建代理商' }).click();
  const dialog = page.getByRole('dialog', { name: '新建代理商（线下加入）' });
  await dialog.getByLabel('姓名').fill('线下新人');
  await dialog.getByLabel('手机号（登录账号）').fill(phone);
  await dialog.getByLabel('等级').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: '体验代理' }).click();
  await dialog.getByLabel('邀请人手机号').fill('13800000001');
  await expectDialogAccessible(page, '新建代理商');
  await shot(page, 'r2-create-agent-dialog');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(page.getByText(/代理商已创建（.+），一次性登录密码已短信发送至 139\*\*\*\*/)).toBeVisible();

  const sms = await (await page.request.get(`/dev/sms-outbox?phone=${phone}`)).json();
  expect(sms.password).toBeTruthy();
  await expect(page.getByText(sms.password as string)).toHaveCount(0);
  await page.getByLabel('关键词').fill(phone);
  await page.getByRole('button', { name: /查\s*询|搜\s*索/ }).click();
  await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('线下新人');

  // The one-time password logs in and must be replaced first (ADR 0024).
  const login = await page.request.post('/api/home/newLogin.do', { form: { platId: PLAT_ID, in: JSON.stringify({ suAccount: phone, suPassword: sms.password }) } });
  expect((await login.json()).mustChangePassword).toBe(true);
});
