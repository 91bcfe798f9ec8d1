import { expect, type Page } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { firstTopUpApproved, loginInWeChat, WECHAT_UA } from './first-top-up';
import { asPage, expectToast, freshPhone, latestSms, registerAgentViaApi, shot } from './helpers';
import { asStaff, type StaffCall } from './staff';

// The agent's retail store (ADR 0038), inside WeChat at a phone's size: the agent's side in the shop and a consumer's
// journey in the public store /store/<shopId>, from the link to the agent's released retail income (change 16).
test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

const yuanFen = (yuan: string) => Math.round(Number(yuan) * 100);
const fenText = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The income release days (a two-key money setting, ADR 0032): finance proposes, the admin approves. */
async function setReleaseDays(finance: StaffCall, admin: StaffCall, days: number): Promise<number> {
  const { obj } = await finance('/api/staff/selectSettings.do', {});
  const before = obj.incomeSettings.releaseDays as number;
  if (before === days) return before;
  const value = { ...obj.incomeSettings, releaseDays: days };
  const proposal = await finance('/api/staff/proposeSetting.do', { key: 'incomeSettings', value, version: obj.versions.incomeSettings ?? 0 });
  await admin('/api/staff/decideSettingProposal.do', { id: proposal.obj.id, approve: true });
  return before;
}

/** The consumer's own page: a new browser context inside WeChat, no agent logged in. */
async function consumerPage(page: Page) {
  const context = await page.context().browser()!.newContext({
    userAgent: WECHAT_UA,
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });
  return { context, shopper: await context.newPage() };
}

test('a consumer buys from the agent’s store by the WeChat sandbox; shipped and received, the agent’s retail income is released into 总分', async ({ page }) => {
  test.setTimeout(180_000);

  // An agent of their own (the first grade, active after the first top-up), so no other test's figures move.
  const agent = await registerAgentViaApi(page.request, '周店主');
  await loginInWeChat(page, agent.phone, agent.password);
  await firstTopUpApproved(page, agent.phone);

  // Headquarters enables this agent's store; income is released on receipt for this test (restored afterwards).
  const operator = await asStaff(page, 'yunying');
  const finance = await asStaff(page, 'caiwu');
  const admin = await asStaff(page, 'admin');
  const found = await admin('/api/staff/searchAgents.do', { keyword: agent.phone, phonePage: { pageSize: 10, pageNum: 1 } });
  const agentId = found.objs.find((a: any) => a.phone === agent.phone)!.agentId as number;
  await operator('/api/staff/saveAgentStore.do', { agentId, override: 1 });
  // Headquarters sells one spec at retail: a band wide enough to lie above any grade price.
  const bands = await operator('/api/staff/selRetailBands.do', { phonePage: { pageSize: 50, pageNum: 1 } });
  const band = bands.objs[0];
  const sale = yuanFen(band.salePrice);
  await operator('/api/staff/saveRetailBand.do', {
    singleProdId: band.singleProdId,
    retailEnabled: 1,
    minPrice: '0.01',
    defaultPrice: fenText(sale * 2).slice(1),
    maxPrice: fenText(sale * 3).slice(1),
  });
  const releaseDays = await setReleaseDays(finance, admin, 0);

  try {
    // /my shows the store section with its link and a poster with the QR code.
    await page.goto('/my');
    // ADR 0024: the first visit after the first top-up's approval asks once for a payment password; later.
    await page.getByRole('dialog').filter({ hasText: '设置支付密码' }).getByRole('button', { name: '稍后设置' }).click();
    const section = page.locator('.my-shop');
    await expect(section).toBeVisible();
    const link = (await section.getByTestId('my-store-link').textContent())!;
    expect(link).toMatch(/\/store\/\d+$/);
    expect(link).not.toMatch(/token|openId/i); // the shared link carries the store only
    await section.getByRole('button', { name: '店铺海报' }).click();
    await expect(section.getByRole('img', { name: /店铺海报，含进店二维码$/ })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'rs-1-my-store-section');

    // Settings: a name, and a retail price per spec within headquarters' band (refused outside it).
    await section.getByRole('link', { name: '店铺设置' }).click();
    await expect(page).toHaveURL(/\/myStore$/);
    await page.getByLabel('店铺名称').fill('小周的好物店');
    await page.getByLabel('欢迎语').fill('正品直发，欢迎选购');
    await page.getByRole('button', { name: '保存店铺信息' }).click();
    await expectToast(page, '保存成功');

    const post = await asPage(page);
    const products = (await post('/api/store/selMyStoreProducts.do', {})).objs as any[];
    expect(products.length).toBeGreaterThan(0);
    const spec = products.find((p) => p.singleProdId === band.singleProdId)!;
    expect(spec).toBeTruthy();
    const label = `${spec.prodName} ${spec.specDispStr}`.trim();
    const price = page.getByLabel(`${label} 零售价`, { exact: true });
    const above = fenText(yuanFen(spec.maxPrice) + 100).slice(1);
    await price.fill(above);
    await page.getByRole('checkbox', { name: `在店铺展示 ${label}` }).check();
    await expect(page.getByRole('alert').filter({ hasText: `零售价不能高于总部设置的最高价 ${spec.maxPrice} 元` })).toBeVisible();
    await page.getByRole('button', { name: '保存商品设置' }).click();
    await expectToast(page, `${spec.prodName}：零售价不能高于总部设置的最高价 ${spec.maxPrice} 元，请调整`);
    await shot(page, 'rs-2-settings-refused');
    // The price the agent sets: the band's top, which is never below the agent's grade price.
    const retailFen = yuanFen(spec.maxPrice);
    const incomeFen = retailFen - yuanFen(spec.gradePrice);
    expect(incomeFen).toBeGreaterThan(0);
    await price.fill(spec.maxPrice);
    await expect(page.getByText(`每件收益 ${fenText(incomeFen)}`)).toBeVisible();
    await page.getByRole('button', { name: '保存商品设置' }).click();
    await expectToast(page, '保存成功');
    await shot(page, 'rs-3-settings-saved');

    // The consumer opens the link inside WeChat (silent OAuth) without any agent session.
    const { context, shopper } = await consumerPage(page);
    try {
      const path = new URL(link).pathname;
      await shopper.goto(path);
      await expect(shopper).toHaveURL(new RegExp(`${path}$`));
      await expect(shopper.getByRole('heading', { name: '小周的好物店' })).toBeVisible();
      await expect(shopper.getByText('正品直发，欢迎选购')).toBeVisible();
      const card = shopper.getByRole('link', { name: new RegExp(spec.prodName) }).first();
      await expect(card).toContainText(`¥${spec.maxPrice}`);
      await expectAccessible(shopper, 'store home');
      await shot(shopper, 'rs-4-store-home');

      await card.click();
      await expect(shopper).toHaveURL(/\/item\?prodId=/);
      const option = shopper.getByRole('radio', { name: new RegExp(`¥${spec.maxPrice.replace('.', '\\.')}`) }).first();
      await option.check({ force: true });
      await expectAccessible(shopper, 'store item');
      await shot(shopper, 'rs-5-store-item');
      await shopper.getByRole('button', { name: '加入购物车' }).click();
      await expectToast(shopper, '已加入购物车');
      await shopper.getByRole('link', { name: /^购物车/ }).click();
      await expect(shopper.getByText(label.split(' ')[0]!).first()).toBeVisible();
      await expectAccessible(shopper, 'store cart');
      await shot(shopper, 'rs-6-store-cart');
      await shopper.getByRole('button', { name: '去结算' }).click();
      await expect(shopper).toHaveURL(/\/checkout$/);

      // Checkout: the delivery address and, at the first order, the phone confirmed by SMS code.
      const phone = freshPhone();
      await shopper.getByLabel('收货人').fill('王顾客');
      await shopper.getByLabel('联系电话').fill(phone);
      await shopper.getByLabel('省份').selectOption({ label: '北京市' });
      await shopper.getByLabel('城市').selectOption({ label: '北京市' });
      await shopper.getByLabel('区县').selectOption({ label: '东城区' });
      await shopper.getByLabel('详细地址').fill('东直门南大街1号');
      await shopper.getByRole('button', { name: '提交订单' }).click();
      await expectToast(shopper, '首次下单请先验证手机号');
      await shopper.getByLabel('手机号', { exact: true }).fill(phone);
      await shopper.getByRole('button', { name: '获取验证码' }).click();
      await expectToast(shopper, '验证码发送成功');
      const sms = await latestSms(shopper.request, phone);
      await shopper.getByLabel('验证码').fill(sms.code);
      await shopper.getByRole('button', { name: '验证手机号' }).click();
      await expect(shopper.getByText(/已验证$/)).toBeVisible();
      await expect(shopper.getByText(`实付 ${fenText(retailFen)}`)).toBeVisible();
      await expectAccessible(shopper, 'store checkout');
      await shot(shopper, 'rs-7-store-checkout');

      // WeChat Pay (the sandbox's sheet), then the result read back by /vapi.
      await shopper.getByRole('button', { name: '提交订单' }).click();
      const sheet = shopper.getByRole('dialog', { name: '微信支付（模拟）' });
      await expect(sheet).toBeVisible();
      await shot(shopper, 'rs-8-pay-sheet');
      await sheet.getByRole('button', { name: '支付', exact: true }).click();
      await expect(shopper).toHaveURL(/\/result\?/);
      await expect(shopper.getByRole('heading', { name: '支付成功' })).toBeVisible();
      await expect(shopper.getByText('店铺订单')).toBeVisible();
      const code = (await shopper.getByTestId('store-result-code').textContent())!;
      expect(code).toMatch(/^VD/);
      await expectAccessible(shopper, 'store pay result');
      await shot(shopper, 'rs-9-pay-result');

      await shopper.getByRole('link', { name: '查看订单' }).click();
      await expect(shopper.getByRole('heading', { name: '待发货' })).toBeVisible();
      await expect(shopper.getByTestId('store-order-code')).toHaveText(code);
      const orderId = Number(new URL(shopper.url()).searchParams.get('id'));

      // 我的订单 finds it again.
      await shopper.getByRole('link', { name: '我的订单' }).click();
      await expect(shopper.getByRole('link', { name: new RegExp(code) })).toBeVisible();
      await expectAccessible(shopper, 'store my orders');
      await shot(shopper, 'rs-10-my-orders');

      // The warehouse ships it to the consumer.
      const warehouse = await asStaff(page, 'cangku');
      await warehouse('/api/staff/shipStoreOrder.do', { id: orderId, logisticsName: '顺丰速运', waybillCode: 'SF1234567890' });

      // The consumer confirms receipt.
      await shopper.getByRole('link', { name: new RegExp(code) }).click();
      await expect(shopper.getByRole('heading', { name: '待收货' })).toBeVisible();
      await expect(shopper.getByText('SF1234567890')).toBeVisible();
      await shot(shopper, 'rs-11-order-shipped');
      // The store's own dialog (ADR 0042), not the browser's confirm(): focus moves in, Escape closes it and gives
      // the focus back to the button that opened it; then its 确认收货 button confirms.
      let browserDialogs = 0;
      shopper.on('dialog', (d) => {
        browserDialogs += 1;
        void d.dismiss();
      });
      const receiveButton = shopper.getByRole('button', { name: '确认收货' });
      await receiveButton.click();
      const ask = shopper.getByRole('dialog', { name: '确认收货' });
      await expect(ask).toBeVisible();
      await expect(ask).toHaveAttribute('aria-modal', 'true');
      await expect(ask.getByRole('button', { name: '还没收到' })).toBeFocused();
      await expectAccessible(shopper, 'store confirm dialog');
      await shot(shopper, 'rs-11b-confirm-receipt');
      await shopper.keyboard.press('Escape');
      await expect(ask).toHaveCount(0);
      await expect(receiveButton).toBeFocused();
      await expect(shopper.getByRole('heading', { name: '待收货' })).toBeVisible();
      await receiveButton.click();
      await ask.getByRole('button', { name: '确认收货' }).click();
      await expectToast(shopper, '确认收货成功');
      expect(browserDialogs).toBe(0);
      await expect(shopper.getByRole('heading', { name: '已完成' })).toBeVisible();
      await expectAccessible(shopper, 'store order received');
      await shot(shopper, 'rs-12-order-received');
    } finally {
      await context.close();
    }

    // The agent: the store's order with the masked phone, the parcel and the income, released by the release job.
    await page.goto('/storeOrders');
    const order = page.getByRole('article').first();
    await expect(order).toContainText(/1\d{2}\*{4}\d{4}/);
    await expect(order).toContainText('SF1234567890');
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('article').first().getByTestId('store-order-income')).toHaveText(`${fenText(incomeFen)}（已到账）`, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, 'rs-13-store-orders');

    await page.goto('/totalSzRecord?tab=1');
    const income = page.getByRole('tabpanel', { name: '收入' });
    await expect(income.getByText('零售收入').first()).toBeVisible();
    await expect(income).toContainText(fenText(incomeFen).slice(1));
    await shot(page, 'rs-14-total-records');
  } finally {
    await setReleaseDays(finance, admin, releaseDays);
  }
});
