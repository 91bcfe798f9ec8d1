import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { asPage, DEMO, loginAs } from './helpers';

/** Every control and order number on screen that is not one of the dock's own buttons, with its box. */
async function overlaps(page: Page) {
  return page.evaluate(() => {
    const dock = [...document.querySelectorAll('.shell-dock button')].map((b) => b.getBoundingClientRect());
    const targets = [...document.querySelectorAll('input[type=radio], [role=radio], button, a, [data-testid=order-code], .order-line-name')]
      .filter((el) => !el.closest('.shell-dock'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const hits: string[] = [];
    for (const d of dock) {
      for (const { el, box } of targets) {
        const apart = box.right <= d.left || box.left >= d.right || box.bottom <= d.top || box.top >= d.bottom;
        if (!apart) hits.push(`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20)}`);
      }
    }
    return { buttons: dock.length, hits };
  });
}

async function expectDockClear(page: Page, buttons: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.shell-dock button')).toHaveCount(buttons);
  for (const b of await page.locator('.shell-dock button').all()) {
    const box = (await b.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44); // a tap target of at least 44 px
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const { hits } = await overlaps(page);
  expect(hits).toEqual([]);
  // The dock takes its own room in the page (sticky, not floating over it): the page's content starts below it.
  const position = await page.locator('.shell-dock').evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe('sticky');
}

test('the back and service buttons never cover radios, buttons, order numbers or product text', async ({ page }) => {
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  const post = await asPage(page);
  const cart = await post('/api/prod/selectOrderShopCart.do', {});
  if (cart.objs.length) await post('/api/prod/deleteOrderShopCart.do', { cartIdList: cart.objs.map((l: any) => l.cartId) });

  // /home: the service button, named for a screen reader.
  await expect(page.getByRole('button', { name: '客服', exact: true })).toBeVisible();
  await expectDockClear(page, 1);

  // /detail: back and service.
  await page.getByRole('tabpanel').getByRole('link', { name: /深海鱼油软胶囊/ }).click();
  await expect(page).toHaveURL(/\/detail\?/);
  await expect(page.getByRole('button', { name: '返回', exact: true })).toBeVisible();
  await expectDockClear(page, 2);

  // /settlement: back only; the pay-method radios and the submit button stay uncovered.
  await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '立即购买' }).click();
  const sheet = page.getByRole('dialog', { name: '选择规格' });
  await sheet.getByRole('radio', { name: '120粒/瓶' }).click();
  await sheet.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settlement$/);
  await expect(page.getByRole('radio', { name: '货款余额支付' })).toBeVisible();
  await expectDockClear(page, 1);

  // /payment: the order number, the radios and the pay button stay uncovered.
  if (await page.getByRole('button', { name: '+ 添加收货地址' }).count()) {
    await post('/api/order/saveOrderLogisticsAddress.do', {
      receiverNmae: '张明', receiverPhone: DEMO.inviter.phone, provinceCode: '440000', cityCode: '440300', districtCode: '440305', address: '科技园南区1栋', isDefAddr: 1,
    });
    await page.reload();
  }
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('order-code')).toBeVisible();
  await expectDockClear(page, 1);
});
