import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { asPage, DEMO, expectToast, loginAs } from './helpers';

/**
 * Controls smaller than 44 × 44 px. A checkbox or radio counts with its label when the label wraps it
 * (tapping the label toggles it); a link inside running text is exempt, as WCAG 2.5.8 exempts inline targets.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const seen = new Set<Element>();
    for (const el of document.querySelectorAll('button, a[href], input[type=checkbox], input[type=radio], [role=button], [role=tab], [role=switch]')) {
      const target = el.matches('input') ? (el.closest('label') ?? el) : el;
      if (seen.has(target) || target.closest('p, .rich-text, [aria-hidden=true], .adm-popup, .adm-center-popup-wrap')) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (box.width < 44 || box.height < 44) {
        const name = target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 12) ?? '';
        small.push(`${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

test('every control on the shell, session and shopping screens is at least 44 px each way', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  const found: Record<string, string[]> = { '/login': await smallTargets(page) };

  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const post = await asPage(page);
  await post('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明', receiverPhone: DEMO.inviter.phone, provinceCode: '440000', cityCode: '440300', districtCode: '440305', address: '科技园南区1栋', isDefAddr: 1,
  });
  await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
  found['/home'] = await smallTargets(page);

  await page.getByRole('tabpanel').getByRole('link', { name: /深海鱼油软胶囊/ }).click();
  await expect(page.getByRole('navigation', { name: '购买' })).toBeVisible();
  found['/detail'] = await smallTargets(page);
  await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await sheet.getByRole('radio', { name: '120粒/瓶' }).click();
  await sheet.getByRole('button', { name: '加入购物车' }).click();
  // The cart ticks the item just added once the server has answered: wait for that answer before opening the cart.
  await expectToast(page, '添加购物车成功');

  await page.goto('/shop');
  await expect(page.getByRole('button', { name: /^结算/ })).toBeVisible();
  found['/shop'] = await smallTargets(page);
  await page.getByRole('button', { name: /^结算/ }).click();
  await expect(page.getByRole('button', { name: '提交订单' })).toBeVisible();
  found['/settlement'] = await smallTargets(page);

  await page.goto('/address');
  await expect(page.getByText('科技园南区1栋').first()).toBeVisible();
  found['/address'] = await smallTargets(page);

  await page.goto('/my');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  found['/my'] = await smallTargets(page);

  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
});
