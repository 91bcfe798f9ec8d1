import { expect, test } from '@playwright/test';
import { loginAs, staffApi } from './console';
import { agentApi } from './orders-fixture';

const AGENT = { phone: '13800000001', password: 'demo1234' };

/** Puts the order rules back as they were (other specs share the database). */
async function restoreOrderRules(api: Awaited<ReturnType<typeof staffApi>>, orderRules: unknown) {
  const now = (await api('/api/staff/selectSettings.do', {})).obj;
  await api('/api/staff/saveSetting.do', { key: 'orderRules', value: orderRules, version: now.versions.orderRules });
}

test('admin sets the unpaid-order window to 7 minutes; the agent’s next order counts down from 7:00', async ({ page, browser, baseURL }) => {
  const api = await staffApi(page, 'admin');
  const before = (await api('/api/staff/selectSettings.do', {})).obj.orderRules;
  await loginAs(page, 'admin');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: '订单规则' }).click();
  const minutes = page.getByLabel('未支付订单关闭时间');
  await expect(minutes).toHaveValue(String(before.noPayMinutes));

  try {
    // A value the form refuses before sending, with the rule in words.
    await minutes.fill('0');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('未支付订单关闭时间须为1-1440的整数')).toBeVisible();

    await minutes.fill('7');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('订单规则：保存成功')).toBeVisible();
    await expect(minutes).toHaveValue('7');

    // The agent on a phone places an order and opens it: the countdown starts from the new window.
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const phone = await context.newPage();
    await phone.goto('/login');
    await phone.getByLabel('账号', { exact: true }).fill(AGENT.phone);
    await phone.getByLabel('密码', { exact: true }).fill(AGENT.password);
    await phone.getByRole('button', { name: '登录', exact: true }).click();
    await expect(phone).not.toHaveURL(/\/login/);
    const { post } = await agentApi(context.request, AGENT.phone, AGENT.password);
    const address = await post('/api/order/saveOrderLogisticsAddress.do', {
      receiverNmae: '张明',
      receiverPhone: AGENT.phone,
      provinceCode: '440000',
      cityCode: '440300',
      districtCode: '440305',
      address: '科技园南区1栋',
      isDefAddr: 1,
    });
    const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
    const product = zone.objs.find((p: { prodName: string }) => p.prodName === '深海鱼油软胶囊');
    const detail = await post('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
    const spec = detail.obj.prodSingleProductBos[0];
    const order = (await post('/api/order/saveOrderInfo.do', { orderType: 1, payType: 1, addressId: address.obj.id, orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }], idempotencyKey: crypto.randomUUID() })).obj;
    await phone.goto(`/ordersDetail?id=${order.id}`);
    await expect(phone.getByRole('timer')).toHaveText(/^00:0[67]:\d\d$/);
    await context.close();
  } finally {
    await restoreOrderRules(api, before);
  }
});

test('a save that lost the race to another member says so; 重新加载 shows the winner’s value', async ({ page }) => {
  const api = await staffApi(page, 'admin');
  const before = (await api('/api/staff/selectSettings.do', {})).obj;
  await loginAs(page, 'admin');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: '订单规则' }).click();
  const minutes = page.getByLabel('未支付订单关闭时间');
  await expect(minutes).toHaveValue(String(before.orderRules.noPayMinutes));
  try {
    // Another member (the operator) saves first.
    const operator = await staffApi(page, 'operator');
    await operator('/api/staff/saveSetting.do', { key: 'orderRules', value: { ...before.orderRules, noPayMinutes: 45 }, version: before.versions.orderRules });
    await minutes.fill('20');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: '该设置已被他人修改，请刷新后重试' })).toBeVisible();
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(minutes).toHaveValue('45');
  } finally {
    await restoreOrderRules(api, before.orderRules);
  }
});

test('freight per province: a new row without a fee says what is missing; a duplicate province is refused by the server', async ({ page }) => {
  const api = await staffApi(page, 'admin');
  const before = (await api('/api/staff/selectSettings.do', {})).obj;
  await loginAs(page, 'admin');
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: '运费规则' }).click();
  const rows = page.getByRole('tabpanel').getByRole('row');
  const count = await rows.count();
  try {
    await page.getByRole('button', { name: '添加省份' }).click();
    await expect(rows).toHaveCount(count + 1);
    const added = rows.last();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(added.getByText('请选择省份')).toBeVisible();
    await expect(added.getByText('运费金额格式有误（最多两位小数）').first()).toBeVisible();
    await added.getByLabel('省份').fill('西藏');
    await added.getByLabel('省份').press('Enter');
    await expect(added.getByTitle('西藏自治区')).toBeVisible();
    await added.getByLabel('运费金额').first().fill('18.00');
    await added.getByLabel('运费金额').last().fill('6.00');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: '同一省份只能设置一条运费规则' })).toBeVisible();
  } finally {
    const now = (await api('/api/staff/selectSettings.do', {})).obj;
    expect(now.freight).toEqual(before.freight);
  }
});
