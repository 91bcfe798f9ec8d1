import { expect, type Page, type Request } from '@playwright/test';
import { test } from './axe';
import { DEMO, expectToast, loginAs, submitLogin } from './helpers';

/*
 * ADR 0049: when the page opens on /orders or /my, the entry asks for the screen's first data while the screen's code
 * loads, and the screen takes that answer: the same screen, one request for it (not one from the entry and one from
 * the screen).
 */

/** The requests to an operation made from now on, with their payloads (`in`). */
function watch(page: Page, op: string) {
  const seen: Record<string, unknown>[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === op) {
      seen.push(JSON.parse(new URLSearchParams(req.postData() ?? '').get('in') ?? '{}') as Record<string, unknown>);
    }
  });
  return seen;
}

// A second request, if any, would start right after the screen renders; a second is ample for it to show here.
const settled = (page: Page) => page.waitForTimeout(1_000);
const tab = (page: Page, title: string) => page.getByRole('navigation').getByText(title, { exact: true });

test('opening on /orders asks for the first page of the chosen state once; another tab asks for its own', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const asked = watch(page, '/api/order/selectOrderInfoList.do');

  await page.goto('/orders?tabIndex=1');
  await expect(page.getByRole('tab', { name: '待付款' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: '待付款' });
  await expect(panel.getByRole('article').first().or(panel.getByText('暂无订单'))).toBeVisible();
  await settled(page);
  expect(asked).toEqual([{ circulationState: 1, phonePage: { pageSize: 10, pageNum: 1 } }]);

  await page.getByRole('tab', { name: '全部' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect.poll(() => asked.map((p) => p.circulationState)).toEqual([1, -1]);
});

test('opening on /my asks for the page data once; coming back to 我的 asks again (balances move)', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const asked = watch(page, '/api/agent/selectMyPageData.do');

  await page.goto('/my');
  await expect(page.getByText('张明（钻石代理）')).toBeVisible();
  await expect(page.getByRole('link', { name: '货款余额' })).toContainText(/\d+\.\d\d/);
  await settled(page);
  expect(asked).toHaveLength(1);

  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/home$/);
  await tab(page, '我的').click();
  await expect(page.getByText('张明（钻石代理）')).toBeVisible();
  await expect.poll(() => asked.length).toBe(2);
});

test('a session found expired by the opening request of /my: after logging in again, 我的 shows the page, asked afresh', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  // The server answers an expired token with HTTP 403 (spec 1 §8): here the entry's own early request meets it.
  await page.route('**/api/**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: '{}' }));
  await page.goto('/my');
  await expect(page).toHaveURL(/\/login(\?redirect=.*)?$/);
  await page.unroute('**/api/**');

  const asked = watch(page, '/api/agent/selectMyPageData.do');
  await submitLogin(page, DEMO.inviter.phone, DEMO.password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/(my|home)$/);
  if (!page.url().endsWith('/my')) await tab(page, '我的').click();
  await expect(page.getByText('张明（钻石代理）')).toBeVisible();
  await expect(page.getByRole('link', { name: '货款余额' })).toBeVisible();
  await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
  // Asked after logging in (not the failed answer from before it).
  expect(asked.length).toBeGreaterThan(0);
});
