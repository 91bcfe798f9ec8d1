import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { test } from './axe';
import { DEMO, shot } from './helpers';

/** 赵强 (demo): active, may buy; his openId is not bound before this spec. */
const BUYER = '13800000004';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

async function post(request: APIRequestContext, path: string, payload: Record<string, unknown>, token?: string) {
  const res = await request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: token ? { accessToken: token } : {} });
  const body = (await res.json()) as { errorType: string; msg: string; obj: any; objs: any[]; accessToken?: string };
  expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
  return body;
}

/** A remembered login without an openId (made outside WeChat) and a checkout of one product, as the detail page leaves it. */
async function rememberedCheckout(request: APIRequestContext) {
  const login = await post(request, '/api/home/newLogin.do', { suAccount: BUYER, suPassword: DEMO.password, rememberMe: 1 });
  const token = login.accessToken!;
  const list = await post(request, '/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 10, pageNum: 1 } }, token);
  const detail = await post(request, '/api/prod/selectProdInfoById.do', { prodId: list.objs[0].prodId }, token);
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.virtualNum > 0);
  await post(request, '/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '赵强', receiverPhone: BUYER, provinceCode: '110000', cityCode: '110100', districtCode: '110101', address: '测试路1号', isDefAddr: 1,
  }, token);
  const session = { platId: DEMO.platId, userInfo: login.obj, token, openId: null };
  const checkout = { orderType: 1, from: 'detail', lines: [{ prodId: spec.prodId, singleProdId: spec.singleProdId, prodType: 1, buyNum: 1 }] };
  return { session, checkout };
}

/** A phone inside WeChat holding that session; the tab's storage as the app left it (set once, before the first load). */
async function wechatPage(browser: Browser, state: Awaited<ReturnType<typeof rememberedCheckout>>, extra: Record<string, string> = {}) {
  const context = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL: test.info().project.use.baseURL });
  await context.addInitScript(
    ([session, checkout, more]) => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('shop.session', session);
      sessionStorage.setItem('shop.checkout', checkout);
      for (const [k, v] of Object.entries(more)) sessionStorage.setItem(k, v);
    },
    [JSON.stringify(state.session), JSON.stringify(state.checkout), extra] as const,
  );
  return { context, page: await context.newPage() };
}

test.describe('WeChat OAuth snsapi_base (reference §2.4)', () => {
  test('a plain link inside WeChat without an openId goes through authorize and back, then offers WeChat Pay', async ({ browser, request }) => {
    const { context, page } = await wechatPage(browser, await rememberedCheckout(request));
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) documents.push(r.url());
    });

    await page.goto('/settlement');
    await expect(page.getByRole('radio', { name: '微信支付' })).toBeVisible();
    await expect(page).toHaveURL(/\/settlement$/); // code and state are not left on the address

    const toApp = documents.find((u) => u.includes('/api/wx/authorize?'))!;
    const state = new URL(toApp).searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(toApp).searchParams.get('redirect_uri')).toMatch(/\/settlement$/);
    const authorize = new URL(documents.find((u) => u.includes('/dev/wechat/authorize?'))!);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', scope: 'snsapi_base', state });
    expect(authorize.searchParams.get('appid')).toBeTruthy();
    const back = new URL(documents.find((u) => u.includes('/settlement?code='))!);
    expect(back.searchParams.get('state')).toBe(state);

    const openId = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session')!).openId as string | null);
    expect(openId).toMatch(/^sandbox_/);

    // The server bound it: paying by WeChat reaches the (sandbox) pay sheet instead of '您未绑定微信支付'.
    await page.getByRole('radio', { name: '微信支付' }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '微信支付（模拟）' })).toBeVisible();
    await context.close();
  });

  test('a code that comes back with a state the app did not make is not used (CSRF)', async ({ browser, request }) => {
    const seeded = await rememberedCheckout(request);
    // This tab started its own round trip (state s1…) and is then sent a forged answer.
    const { context, page } = await wechatPage(browser, seeded, { 'shop.oauthState': '11111111111111111111111111111111', 'shop.oauthTried': '1' });
    const exchanges: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/common/wxGetOpenId.do')) exchanges.push(r.url());
    });
    await page.goto('/settlement?code=sbx_forged&state=22222222222222222222222222222222');
    await expect(page.getByText('合计：')).toBeVisible();
    await expect(page).toHaveURL(/\/settlement$/);
    expect(exchanges).toEqual([]);
    await expect(page.getByRole('radio', { name: '微信支付' })).toHaveCount(0);
    await context.close();
  });

  // Printed QR codes open /check?code=… and /traceaSel?code=… (spec 3 §2); WeChat answers with a `code` of its own.
  test('a scanned anti-counterfeit code survives the round trip and is queried at once', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) documents.push(r.url());
    });
    await page.goto('/check?code=FW6P4D8H2C');
    const result = page.getByRole('region', { name: '防伪查询结果' });
    await expect(result).toContainText('您查询的防伪码为正品，此码为首次查询');
    await expect(page).toHaveURL(/\/check\?code=FW6P4D8H2C$/);
    await expect(page.getByLabel('防伪码', { exact: true })).toHaveValue('FW6P4D8H2C');
    expect(documents.some((u) => u.includes('/dev/wechat/authorize?'))).toBe(true); // it did go through WeChat
    await shot(page, '1-check');
    await context.close();
  });

  test('a scanned trace code survives the round trip and opens its result', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 }, locale: 'zh-CN', baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/traceaSel?code=TC2026000002');
    await expect(page).toHaveURL(/\/traceability\?traceCode=TC2026000002$/);
    await expect(page.getByText('追溯码：TC2026000002')).toBeVisible();
    await shot(page, '1-trace');
    // The automatic query replaced the scanned entry: Back does not bounce onto the result again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/traceaSel\?code=/);
    await context.close();
  });
});
