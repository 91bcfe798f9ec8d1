import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './axe';
import { DEMO, dialog, expectToast, loginAs, shot } from './helpers';

type Env = { errorType: string; msg: string; obj?: any; objs?: any[] };
type Api = ((path: string, payload?: Record<string, unknown>) => Promise<Env>) & { user: { apgSysCode: string | null; apgName: string | null } };

/**
 * Calls the API with the token of the agent logged in on the page, as the web app does: one login per test, since
 * logins are rate limited per address for the whole browser suite.
 */
async function pageApi(page: Page, request: APIRequestContext): Promise<Api> {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? 'null'));
  expect(stored?.token, 'no session on the page').toBeTruthy();
  const api = async (path: string, payload: Record<string, unknown> = {}) => {
    const res = await request.post(path, {
      form: { platId: DEMO.platId, in: JSON.stringify(payload) },
      headers: { accessToken: stored.token },
    });
    expect(res.ok(), `${path} answered HTTP ${res.status()}`).toBe(true);
    const env = (await res.json()) as Env;
    expect(env.errorType, `${path}: ${env.msg}`).toBe('SUCCESS');
    return env;
  };
  return Object.assign(api, { user: stored.userInfo });
}

/** /shop header: the upline's name (not its bare code DL…), or 总部 when there is none. */
const storeCode = (api: Api) => {
  if (api.user.apgSysCode) expect(api.user.apgName).toBeTruthy();
  return api.user.apgName || '总部';
};

/** Other browser tests may have filled the cart: start from an empty one. */
async function emptyCart(api: Api) {
  const cart = await api('/api/prod/selectOrderShopCart.do', { optType: 0 });
  const ids = (cart.objs ?? []).map((l) => l.cartId as number);
  if (ids.length) await api('/api/prod/deleteOrderShopCart.do', { cartIdList: ids });
}

/** The first spec with stock of the n-th product of a zone, as the agent's grade sees it. */
async function specOf(api: Api, prodType: 1 | 2, index = 0) {
  const list = await api('/api/prod/selectProdListByType.do', { prodType, phonePage: { pageNum: 1, pageSize: 10 } });
  const product = list.objs?.[index];
  expect(product, `no product #${index} in zone ${prodType}`).toBeTruthy();
  const detail = await api('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
  const spec = (detail.obj.prodSingleProductBos as any[]).find((s) => s.virtualNum >= 10);
  expect(spec, `no spec in stock for ${product.prodName}`).toBeTruthy();
  return { prodName: detail.obj.prodName as string, singleProdId: spec.singleProdId as number, finalPrice: spec.finalPrice as string, prodType };
}

async function addToCart(api: Api, spec: { singleProdId: number; prodType: number }, prodNum = 1) {
  await api('/api/prod/saveOrderShopCart.do', { singleProdId: spec.singleProdId, prodNum, prodType: spec.prodType, optType: 0 });
}

/** "12.30" -> 1230, from the text (the test keeps money in fen as the app does). */
const fen = (yuan: string) => {
  const [whole, frac = ''] = yuan.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};
const yuan = (f: number) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;

const tab = (page: Page, title: string) => page.getByRole('navigation').getByText(title, { exact: true });
const cartBadge = (page: Page) => page.getByRole('navigation').locator('.tab-bar-badge');
const row = (page: Page, name: string) => page.getByRole('listitem', { name });
const total = (page: Page) => page.locator('.cart-total');
const selectAll = (page: Page) => page.getByRole('checkbox', { name: '全选' });
const settleButton = (page: Page) => page.getByRole('button', { name: '结算', exact: true });

test.describe('/shop status gate', () => {
  test('an agent who has not topped up sees the first top-up bar and cannot settle', async ({ page, request }) => {
    await loginAs(page, DEMO.other.phone, DEMO.password);
    const api = await pageApi(page, request);
    await emptyCart(api);
    const spec = await specOf(api, 1);
    await addToCart(api, spec);

    // Straight to the cart: /home may greet this agent with its own recharge prompt.
    await page.goto('/shop');
    await expect(page.getByText(storeCode(api), { exact: true })).toBeVisible();
    // 李华 buys from 张明: the header names him, not his bare code.
    await expect(page.locator('.cart-store')).toHaveText(DEMO.inviter.name);
    await expect(row(page, spec.prodName)).toBeVisible();
    await expect(page.getByText('请先充值首充金额后再进货')).toBeVisible();

    await selectAll(page).check();
    await expect(total(page)).toHaveText(`合计(不含运费)：¥${spec.finalPrice}`);
    await expect(settleButton(page)).toBeDisabled();

    await page.getByRole('link', { name: '去充值' }).click();
    await expect(page).toHaveURL(/\/upgrade$/);
  });

  test('an agent who owes the compliance deposit is sent to /compliance and cannot settle', async ({ page, request }) => {
    await loginAs(page, '13800000003', DEMO.password);
    const api = await pageApi(page, request);
    await emptyCart(api);
    await addToCart(api, await specOf(api, 1));

    await page.goto('/shop');
    await expect(page.getByText('请先缴纳合规金后再进货')).toBeVisible();
    await expect(page.getByText('您还未完成首次充值', { exact: false })).toHaveCount(0);
    await selectAll(page).check();
    await expect(settleButton(page)).toBeDisabled();
    await page.getByRole('link', { name: '去缴纳' }).click();
    await expect(page).toHaveURL(/\/compliance$/);
  });
});

test.describe('/shop', () => {
  test('quantity, select-all total, delete in edit mode, settle to /settlement', async ({ page, request }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    const api = await pageApi(page, request);
    await emptyCart(api);
    const a = await specOf(api, 1, 0);
    const b = await specOf(api, 1, 1);
    await addToCart(api, a);
    await addToCart(api, b);

    await tab(page, '购物车').click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(cartBadge(page)).toHaveText('2');
    await expect(page.getByRole('heading', { name: '购物车' })).toBeVisible();
    expect(api.user.apgSysCode).toBeNull();
    await expect(page.getByText('总部', { exact: true })).toBeVisible();
    await expect(row(page, a.prodName)).toContainText('自营');
    await expect(row(page, a.prodName)).toContainText(`¥${a.finalPrice}`);
    await expect(total(page)).toHaveText('合计(不含运费)：¥0.00');

    // + on the first line: the server keeps 2.
    await row(page, a.prodName).getByRole('button', { name: '增加数量' }).click();
    await expect(row(page, a.prodName).getByLabel('数量', { exact: true })).toHaveValue('2');
    await expect
      .poll(async () => (await api('/api/prod/selectOrderShopCart.do')).objs?.find((l) => l.singleProdId === a.singleProdId)?.prodNum)
      .toBe(2);

    await selectAll(page).check();
    await expect(total(page)).toHaveText(`合计(不含运费)：¥${yuan(fen(a.finalPrice) * 2 + fen(b.finalPrice))}`);
    await selectAll(page).uncheck();
    await expect(total(page)).toHaveText('合计(不含运费)：¥0.00');
    await settleButton(page).click();
    await expectToast(page, '请至少选择一个商品进行结算');

    // Edit mode: 删除 replaces 结算.
    await page.getByRole('button', { name: '编辑' }).click();
    await expect(settleButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expectToast(page, '您还没有选择商品');
    await row(page, b.prodName).getByRole('checkbox').check();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expect(dialog(page)).toContainText('确定删除所选商品吗？');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '删除成功');
    await expect(row(page, b.prodName)).toHaveCount(0);
    await expect(cartBadge(page)).toHaveText('1');
    await page.getByRole('button', { name: '完成' }).click();

    await row(page, a.prodName).getByRole('checkbox').check();
    await expect(total(page)).toHaveText(`合计(不含运费)：¥${yuan(fen(a.finalPrice) * 2)}`);
    await settleButton(page).click();
    await expect(page).toHaveURL(/\/settlement$/);
    await expect(page).toHaveTitle('确认结算');
    const checkout = await page.evaluate(() => JSON.parse(sessionStorage.getItem('shop.checkout') ?? 'null'));
    expect(checkout).toMatchObject({ orderType: 1, from: 'cart', lines: [{ singleProdId: a.singleProdId, prodType: 1, buyNum: 2 }] });
  });

  test('self-operated and welfare lines cannot be settled together; an empty cart links to /home', async ({ page, request }) => {
    await loginAs(page, '13800000004', DEMO.password);
    const api = await pageApi(page, request);
    await emptyCart(api);
    const self = await specOf(api, 1);
    const welfare = await specOf(api, 2);
    await addToCart(api, self);
    await addToCart(api, welfare);

    await tab(page, '购物车').click();
    await expect(row(page, welfare.prodName)).toContainText('福利');
    await selectAll(page).check();
    await settleButton(page).click();
    await expectToast(page, '自营区商品和福利区商品不能一起结算');
    await expect(page).toHaveURL(/\/shop$/);

    await page.getByRole('button', { name: '编辑' }).click();
    await selectAll(page).check();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await expectToast(page, '删除成功');
    await expect(cartBadge(page)).toHaveCount(0);
    await page.getByRole('link', { name: '去进货' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('/my', () => {
  test('name with grade, balances, order badges, entries and the sign-in button', async ({ page, request }) => {
    await loginAs(page, DEMO.inviter.phone, DEMO.password);
    const api = await pageApi(page, request);
    // One unpaid order, so 待付款 and 全部订单 carry a badge.
    const address = await api('/api/order/saveOrderLogisticsAddress.do', {
      receiverNmae: '张明',
      receiverPhone: DEMO.inviter.phone,
      provinceCode: '110000',
      cityCode: '110100',
      districtCode: '110101',
      address: '长安街1号',
    });
    const spec = await specOf(api, 1);
    await api('/api/order/saveOrderInfo.do', {
      orderType: 1,
      addressId: address.obj.id,
      payType: 4,
      orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }],
      idempotencyKey: crypto.randomUUID(),
    });
    const my = (await api('/api/agent/selectMyPageData.do')).obj;
    expect(my.dfkNum).toBeGreaterThan(0);

    await tab(page, '我的').click();
    await expect(page).toHaveURL(/\/my$/);
    await expect(page.getByText('张明（钻石代理）')).toBeVisible();
    await expect(page.getByText(DEMO.inviter.phone, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '签到' })).toBeVisible();
    // The settings gear sits beside 签到, not over it: their boxes do not meet.
    const sign = (await page.getByRole('button', { name: '签到' }).boundingBox())!;
    const gear = (await page.getByRole('link', { name: '设置', exact: true }).first().boundingBox())!;
    const apart = sign.x + sign.width <= gear.x || gear.x + gear.width <= sign.x || sign.y + sign.height <= gear.y || gear.y + gear.height <= sign.y;
    expect(apart, `签到 ${JSON.stringify(sign)} and 设置 ${JSON.stringify(gear)}`).toBe(true);
    await shot(page, '10-my');

    // Money is shown exactly everywhere (lib/money.ts): 50000.00, not 5.00万 beside exact prices.
    const money = (y: string) => yuan(fen(y));
    await expect(page.getByRole('link', { name: '货款余额' })).toContainText(money(my.account.lastStore));
    await expect(page.getByRole('link', { name: '货款余额' })).toHaveAttribute('href', '/loan');
    await expect(page.getByRole('link', { name: '总分收入' })).toContainText(money(my.account.laveIncome));
    await expect(page.getByRole('link', { name: '积分' })).toContainText(String(my.account.laveIntegral));

    const tiles: [string, number, string][] = [
      ['待付款', my.dfkNum, '/orders?tabIndex=1'],
      ['待发货', my.dfhNum, '/orders?tabIndex=3'],
      ['待收货', my.dshNum, '/orders?tabIndex=4'],
      ['已完成', my.ywcNum, '/orders?tabIndex=5'],
      ['全部订单', my.allNum, '/orders'],
    ];
    for (const [label, count, href] of tiles) {
      const tile = page.getByRole('link', { name: label });
      await expect(tile).toHaveAttribute('href', href);
      if (count > 0) await expect(tile.locator('.count-badge')).toHaveText(count > 99 ? '99+' : String(count));
      else await expect(tile.locator('.count-badge')).toHaveCount(0);
    }

    for (const [label, href] of [
      ['收货地址', '/address'],
      ['公告资讯', '/information'],
      ['我的好友', '/friend'],
      ['邀请好友', '/share'],
      ['设置', '/seeting'],
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href!);
    }
    // The demo platform has no external store.
    await expect(page.getByText('我的店铺')).toHaveCount(0);

    await page.getByRole('link', { name: '待付款' }).click();
    await expect(page).toHaveURL(/\/orders\?tabIndex=1$/);
  });
});
