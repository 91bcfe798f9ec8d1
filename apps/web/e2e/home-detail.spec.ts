import { expect, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, loginAs } from './helpers';

const zoneTab = (page: Page, title: string) => page.getByRole('tab', { name: title });
const zonePanel = (page: Page) => page.getByRole('tabpanel');
const card = (page: Page, name: string) => zonePanel(page).getByRole('link', { name: new RegExp(name) });
const sheet = (page: Page) => page.getByRole('dialog', { name: '选择规格' });

/** The cart lines of the logged-in agent, through the API with the page's own session. */
async function cartLines(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const post = async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    return (await res.json()) as { errorType: string; objs: { cartId: number; prodNum: number; prodSingleProductBo: { prodName: string; specDispStr: string } }[] };
  };
  const lines = (await post('/api/prod/selectOrderShopCart.do', { optType: 0 })).objs;
  return { lines, remove: (ids: number[]) => post('/api/prod/deleteOrderShopCart.do', { cartIdList: ids }) };
}

test.describe('/home', () => {
  test('an agent whose first payment is still to come sees the first-payment limit and the recharge prompt', async ({ page }) => {
    await loginAs(page, DEMO.other.phone, DEMO.password);
    await expect(page.getByText('首次付款限额：单笔 10,000 元，每月 50,000 元')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: '去充值' })).toBeVisible();
  });

  test('shows the greeting, banners, the notice line, quick links and the self-operated zone', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await expect(page.getByText('张明（钻石代理）欢迎您')).toBeVisible();
    const banners = page.getByRole('region', { name: '轮播图' });
    await expect(banners).toBeVisible();
    await expect(banners.locator('img')).toHaveCount(3);
    await expect(page.getByRole('marquee', { name: '公告' })).toContainText('2026冬季新品上市通知');
    for (const link of ['每日签到', '防伪查询', '授权查询', '素材中心']) await expect(page.getByRole('button', { name: link })).toBeVisible();
    // An active agent without a deposit due sees no recharge prompt; the first-payment limit is a fixed notice (spec 1 §2).
    await expect(page.getByRole('alert').filter({ hasText: '去充值' })).toHaveCount(0);
    await expect(page.getByText('首次付款限额：单笔 10,000 元，每月 50,000 元')).toBeVisible();

    await expect(zoneTab(page, '自营专区')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, '益生菌固体饮料')).toBeVisible();
    await expect(card(page, '深海鱼油软胶囊')).toContainText('¥101.00');
    await expect(card(page, '深海鱼油软胶囊')).toContainText('¥168.00');
    await expect(card(page, '胶原蛋白肽饮')).toBeVisible();
    await expect(zonePanel(page).getByText('没有更多了')).toBeVisible();
  });

  test('the welfare tab (also ?activeMy=2) and the activity tab with its states and countdowns', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await zoneTab(page, '福利专区').click();
    await expect(page).toHaveURL(/\/home\?activeMy=2$/);
    await expect(card(page, '破壁灵芝孢子粉胶囊')).toContainText('积分可抵¥40.00');
    await expect(card(page, '益生菌固体饮料')).toHaveCount(0);

    await page.goto('/home?activeMy=2');
    await expect(zoneTab(page, '福利专区')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, '阿胶固元糕')).toBeVisible();

    await zoneTab(page, '活动专区').click();
    await expect(card(page, '智能电子血压计')).toContainText('进行中');
    await expect(card(page, '智能电子血压计')).toContainText(/距结束 6天 \d\d:\d\d:\d\d/);
    await expect(card(page, '智能电子血压计')).toContainText('800积分 + ¥99.00');
    await expect(card(page, '养生花草茶礼盒')).toContainText('未开始');
    await expect(card(page, '养生花草茶礼盒')).toContainText(/距开始 2天 \d\d:\d\d:\d\d/);
    await expect(card(page, 'U型按摩颈枕')).toContainText('活动已结束');
    // Running first, then not started, then ended; each once although two kinds of list are loaded.
    await expect(zonePanel(page).getByRole('link')).toHaveCount(5);
  });

  test('sign-in is on in the demo: the quick link opens /sign; a notice opens from the line', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await page.getByRole('button', { name: '每日签到' }).click();
    await expect(page).toHaveURL(/\/sign$/);

    await page.goto('/home');
    // The line rotates every 3 seconds: whichever notice is showing opens.
    await page.getByRole('marquee', { name: '公告' }).getByRole('button').click();
    await expect(page).toHaveURL(/\/notice\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(2026冬季新品上市通知|系统升级维护公告|积分兑换活动规则说明|代理商合规经营提醒)$/);
    await expect(page.locator('.rich-text p').first()).toBeVisible();
    await expect(page.getByText(/^发布时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible();
  });
});

test.describe('/detail', () => {
  test('choose a spec and a quantity, add to the cart, see the badge; buy now hands the line to /settlement', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    const before = await cartLines(page);
    await before.remove(before.lines.map((l) => l.cartId));

    // The detail shows the same sold count as the product's card on /home. The specs share one server, and others buy
    // 深海鱼油软胶囊 (its count moves while this runs): the count is read on 乳清蛋白粉, which no spec buys (642 seeded).
    const sold = (await card(page, '乳清蛋白粉').getByText(/已售 \d+/).textContent())!.trim();
    expect(sold).toBe('已售 642');
    await card(page, '乳清蛋白粉').click();
    await expect(page.getByRole('heading', { name: '乳清蛋白粉' })).toBeVisible();
    await expect(page.getByText(sold, { exact: true })).toBeVisible();
    await page.goBack();

    await card(page, '深海鱼油软胶囊').click();
    await expect(page).toHaveURL(/\/detail\?prodId=\d+&prodType=1$/);
    await expect(page.getByRole('heading', { name: '深海鱼油软胶囊' })).toBeVisible();
    await expect(page.getByText(/^已售 \d+$/)).toBeVisible();
    await expect(page.getByText('产品介绍')).toBeVisible();
    await expect(page.getByRole('region', { name: '商品图片' }).locator('img')).toHaveCount(3);

    await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
    await expect(sheet(page)).toBeVisible();
    await sheet(page).getByRole('radio', { name: '120粒/瓶' }).click();
    await expect(sheet(page)).toContainText('¥179.00');
    await sheet(page).getByRole('button', { name: '增加数量' }).click();
    await expect(sheet(page).getByLabel('数量', { exact: true })).toHaveValue('2');
    await sheet(page).getByRole('button', { name: '加入购物车' }).click();
    await expectToast(page, '添加购物车成功');
    await expect(sheet(page)).toBeHidden();
    await expect(page.locator('.detail-badge')).toHaveText('1');

    const after = await cartLines(page);
    expect(after.lines.map((l) => [l.prodSingleProductBo.prodName, l.prodSingleProductBo.specDispStr, l.prodNum])).toEqual([
      ['深海鱼油软胶囊', '120粒/瓶', 2],
    ]);
    await after.remove(after.lines.map((l) => l.cartId));

    await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '立即购买' }).click();
    await sheet(page).getByRole('button', { name: '立即购买' }).click();
    await expect(page).toHaveURL(/\/settlement$/);
    const checkout = await page.evaluate(() => JSON.parse(sessionStorage.getItem('shop.checkout') ?? 'null'));
    expect(checkout).toMatchObject({ orderType: 1, from: 'detail', lines: [{ prodType: 1, buyNum: 2 }] });
  });

  test('an activity shows its state; exchange works only while it runs', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    await zoneTab(page, '活动专区').click();
    await card(page, '养生花草茶礼盒').click();
    await expect(page).toHaveURL(/\/detail\?prodId=\d+&prodType=3$/);
    await expect(page.getByText(/距开始 2天/)).toBeVisible();
    await expect(page.getByRole('button', { name: '未开始' })).toBeDisabled();

    await page.goBack();
    await card(page, '316不锈钢保温杯').click();
    await expect(page.getByText('剩余 80 · 已兑 45（36%）')).toBeVisible();
    await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '立即兑换' }).click();
    await sheet(page).getByRole('radio', { name: '500ml 玫瑰金' }).click();
    await sheet(page).getByRole('button', { name: '立即兑换' }).click();
    await expect(page).toHaveURL(/\/settlement$/);
    const checkout = await page.evaluate(() => JSON.parse(sessionStorage.getItem('shop.checkout') ?? 'null'));
    expect(checkout).toMatchObject({ orderType: 3, lines: [{ prodType: 3, buyNum: 1, activityId: expect.any(Number), activityItemId: expect.any(Number) }] });
  });

  test('an agent who must top up first is prompted to /upgrade, and does not see a product hidden from its grade', async ({ page }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    const hidden = await card(page, '胶原蛋白肽饮').getAttribute('href');
    // A stored session would go straight in (remember-me): forget it to log in as someone else.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });

    await loginAs(page, DEMO.other.phone, DEMO.password);
    await expect(page.getByRole('alert').filter({ hasText: '请先充值首充金额 1000.00 元后再进货' })).toBeVisible();
    await expect(card(page, '益生菌固体饮料')).toBeVisible();
    await expect(card(page, '胶原蛋白肽饮')).toHaveCount(0);

    await card(page, '益生菌固体饮料').click();
    await page.getByRole('navigation', { name: '购买' }).getByRole('button', { name: '加入购物车' }).click();
    await expect(dialog(page)).toContainText('请先充值首充金额');
    await dialog(page).getByRole('button', { name: '去充值' }).click();
    await expect(page).toHaveURL(/\/upgrade$/);

    // The server's refusal is the page's answer (with a retry), not a toast over an empty page.
    await page.goto(hidden!);
    await expect(page.getByRole('alert').filter({ hasText: '商品不存在' })).toBeVisible();
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
  });
});
