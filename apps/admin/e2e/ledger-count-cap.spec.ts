import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { shot } from '../../web/e2e/helpers';
import { loginAs } from './console';

/**
 * ADR 0048: 资金流水 counts at most 10000 records; above that the server says totalCapped and the table's footer
 * reads 共 10000+ 条 while paging up to the cap. The demo data has far fewer records, so the capped reply is the real
 * server's reply with the count raised the way a platform of millions of records gets it.
 */
test('资金流水 shows 共 N 条 as counted, 共 10000+ 条 above the cap, at 1440×900 with no horizontal scroll', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.goto('/admin/finance/ledger');
  const footer = page.locator('.ant-pagination-total-text');
  await expect(footer).toHaveText(/^共 \d+ 条$/);

  await page.route('**/api/staff/selectLedgerRecords.do', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.obj = { ...body.obj, total: 10000, totalCapped: true, phonePage: { ...body.obj.phonePage, pageTotal: 500 } };
    await route.fulfill({ response: res, json: body });
  });
  await page.reload();
  await expect(footer).toHaveText('共 10000+ 条');
  await expect(page.locator('.ant-pagination-item-500')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('.ant-layout-sider').exclude('.ant-breadcrumb').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await footer.scrollIntoViewIfNeeded();
  await shot(page, 'vol3-ledger-capped');
});
