import { type Page } from '@playwright/test';
import { blockingViolations, describeViolations, expect, nodeCount, test } from './axe';
import { DEMO, placeOrder, submitLogin } from './helpers';

/**
 * ADR 0016: every built screen (route-table.ts entries with a screen, not the placeholders of later issues) and its
 * sheets and dialogs has no serious or critical WCAG 2.2 AA violation, logged out and as the demo agents in their
 * three states. Each route is one soft check, so one run lists every screen that fails, with rule and element.
 */
async function check(page: Page, label: string) {
  const violations = await blockingViolations(page);
  // The per-route counts for the report (ADR 0016 lists them before the fix).
  console.log(`axe ${label}: ${nodeCount(violations)}${violations.length ? `\n${describeViolations(violations)}` : ''}`);
  expect.soft(nodeCount(violations), `${label}:\n${describeViolations(violations)}`).toBe(0);
}

async function visit(page: Page, url: string, label = url) {
  await page.goto(url);
  await check(page, label);
}

/** Logs in through the form and waits for the home page (not for the toast: this spec checks pages, not messages). */
async function loginAs(page: Page, phone: string) {
  await page.goto('/login');
  await submitLogin(page, phone, DEMO.password);
  await expect(page).toHaveURL(/\/home$/);
}

const tabPanelCard = (page: Page, name: string) => page.getByRole('tabpanel').getByRole('link', { name: new RegExp(name) });
const specSheet = (page: Page) => page.getByRole('dialog', { name: '选择规格' });

test('logged out: login, forgotten password, register, agreement, pay result', async ({ page }) => {
  await visit(page, '/login');
  await visit(page, '/password');
  await visit(page, `/register?inviterAgentPhone=${DEMO.inviter.phone}`, '/register');
  await visit(page, '/agreement');
  await visit(page, '/orderPayResult?payResult=0', '/orderPayResult (failure)');
});

test('an active agent (13800000001): every screen and its sheets', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, DEMO.inviter.phone);
  const order = await placeOrder(page);
  await check(page, '/home');
  await visit(page, '/home?activeMy=2', '/home 福利专区');
  await page.getByRole('tab', { name: '活动专区' }).click();
  await expect(tabPanelCard(page, '智能电子血压计')).toBeVisible();
  await check(page, '/home 活动专区');

  await page.goto('/home');
  await tabPanelCard(page, '深海鱼油软胶囊').click();
  await expect(page).toHaveURL(/\/detail\?/);
  await check(page, '/detail');
  await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
  await expect(specSheet(page)).toBeVisible();
  await check(page, '/detail spec sheet');
  await specSheet(page).getByRole('radio', { name: '120粒/瓶' }).click();
  await specSheet(page).getByRole('button', { name: '加入购物车' }).click();
  await expect(specSheet(page)).toBeHidden();

  await visit(page, '/shop');
  await page.goto('/home');
  await tabPanelCard(page, '深海鱼油软胶囊').click();
  await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '立即购买' }).click();
  await specSheet(page).getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settlement$/);
  await check(page, '/settlement');

  await visit(page, `/payment?id=${order.id}`, '/payment');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.locator('.adm-number-keyboard-key').first()).toBeVisible();
  await check(page, '/payment password sheet');

  await visit(page, '/orders');
  await visit(page, '/orders?tabIndex=1', '/orders 待付款');
  await page.getByRole('article', { name: `订单 ${order.orderCode}` }).getByRole('button', { name: '关闭订单' }).click();
  await expect(page.getByRole('dialog', { name: '关闭订单' })).toBeVisible();
  await check(page, '/orders close-order popup');

  await visit(page, `/ordersDetail?id=${order.id}`, '/ordersDetail');
  await visit(page, `/logisticsInformation?logisticsId=${order.id}`, '/logisticsInformation');
  await visit(page, '/address');
  await visit(page, '/addressP');
  await page.getByRole('button', { name: '所在地区' }).click();
  await expect(page.locator('.adm-picker')).toBeVisible();
  await check(page, '/addressP region picker');

  await page.goto('/home');
  await page.getByRole('marquee', { name: '公告' }).getByRole('button').click();
  await expect(page).toHaveURL(/\/notice\?id=\d+$/);
  await check(page, '/notice');
  await visit(page, '/share');
  await visit(page, '/my');
  await visit(page, '/frozenIncome');
  await visit(page, `/orderPayResult?payResult=1&orderId=${order.id}&actualMoney=179.00`, '/orderPayResult (success)');
});

for (const agent of [
  { phone: '13800000002', state: 'first top-up due' },
  { phone: '13800000003', state: 'deposit due' },
]) {
  test(`an agent with the ${agent.state} (${agent.phone}): the shop screens and the gate's dialog`, async ({ page }) => {
    await loginAs(page, agent.phone);
    await check(page, `/home (${agent.state})`);
    await tabPanelCard(page, '益生菌固体饮料').click();
    await expect(page).toHaveURL(/\/detail\?/);
    await check(page, `/detail (${agent.state})`);
    await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, `/detail gate dialog (${agent.state})`);
    for (const path of ['/shop', '/my', '/orders', '/address', '/share']) await visit(page, path, `${path} (${agent.state})`);
  });
}
