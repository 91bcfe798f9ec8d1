import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo data (apps/api/src/db/seed/demo-data.ts). */
export const DEMO = {
  inviter: { phone: '13800000001', name: '张明' },
  /** Another demo agent: a phone that is already registered. */
  other: { phone: '13800000002', name: '李华' },
  password: 'demo1234',
  platId: 'plat-demo',
  grades: ['体验代理', '银卡代理', '金卡代理'],
} as const;

const used = new Set<string>();

/** A phone no test has used yet: 139 and 8 random digits (the database is fresh for each run). */
export function freshPhone(): string {
  for (;;) {
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

/** The toast on screen (plain DOM, role alert; a new one replaces the previous one). */
export const toast = (page: Page) => page.locator('.app-toast');

export async function expectToast(page: Page, text: string) {
  await expect(toast(page)).toHaveText(text);
}

/** A labelled input (inputs carry aria-label equal to their label; password inputs have no textbox role). */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export async function fill(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
}

/** Fill the login form and tap 登录. */
export async function submitLogin(page: Page, account: string, password: string, opts: { remember?: boolean } = {}) {
  await fill(page, '账号', account);
  await fill(page, '密码', password);
  if (opts.remember !== undefined) await page.getByRole('checkbox', { name: '记住密码' }).setChecked(opts.remember);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Log in through the login screen and wait for the home page. */
export async function loginAs(page: Page, account: string, password: string) {
  // Remember-me sends a stored session straight to /home: forget any earlier agent first (both stores).
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/login');
  await submitLogin(page, account, password);
  await expectToast(page, '登录成功');
  await expect(page).toHaveURL(/\/home$/);
}

/** Open the level picker, tap a level in the wheel and confirm with 确定. */
export async function pickLevel(page: Page, level: string) {
  await page.getByRole('button', { name: '代理级别' }).click();
  const popup = page.locator('.adm-picker');
  await expect(popup).toBeVisible();
  // The wheel answers touch taps (as on a phone); a mouse click there is taken by its drag gesture.
  await popup.locator('.adm-picker-view-column-item', { hasText: level }).tap();
  await expect(popup.locator('.adm-picker-view-column-item-active')).toHaveText(level);
  await popup.getByText('确定', { exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(page.locator('.picker-value')).toHaveText(level);
}

export interface RegistrationValues {
  name?: string;
  phone?: string;
  level?: string;
  password?: string;
  repeatPassword?: string;
  /** Replaces what the inviter field holds; undefined leaves it as it is. */
  inviter?: string;
  agree?: boolean;
}

/** Fill the registration form of /register or /share, as a person would, in the form's order. */
export async function fillRegistration(page: Page, v: RegistrationValues) {
  if (v.name !== undefined) await fill(page, '姓名', v.name);
  if (v.phone !== undefined) await fill(page, '手机号', v.phone);
  if (v.level !== undefined) await pickLevel(page, v.level);
  if (v.password !== undefined) await fill(page, '登录密码', v.password);
  if (v.repeatPassword !== undefined) await fill(page, '重复密码', v.repeatPassword);
  if (v.inviter !== undefined) await fill(page, '邀请人', v.inviter);
  if (v.agree !== undefined) await page.getByRole('checkbox', { name: '我已阅读并同意' }).setChecked(v.agree);
}

export const submitRegistration = (page: Page) => page.getByRole('button', { name: '提交注册' }).click();

/** The antd-mobile dialog on screen (its buttons read 确定 and 取消). */
export const dialog = (page: Page) => page.getByRole('dialog');

/** POST a contract operation the way the web app does: form body with platId and `in` (a JSON string). */
export async function apiCall(request: APIRequestContext, path: string, payload: Record<string, unknown>) {
  const res = await request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) } });
  expect(res.ok(), `${path} answered HTTP ${res.status()}`).toBe(true);
  return (await res.json()) as { errorType: string; msg: string; obj?: Record<string, unknown> };
}

/** Register a new agent through the API (under 张明 unless told, at the first open grade); answers its phone and password. */
export async function registerAgentViaApi(request: APIRequestContext, name = '测试代理', inviterPhone: string = DEMO.inviter.phone) {
  const setting = await apiCall(request, '/api/agent/selectAgentSetInfo.do', { phone: inviterPhone, isShare: 0 });
  expect(setting.errorType).toBe('SUCCESS');
  const gradeId = Number(String(setting.obj?.levelIds ?? '').split(',')[0]);
  expect(gradeId).toBeGreaterThan(0);
  const account = { phone: freshPhone(), password: 'old12345' };
  const reply = await apiCall(request, '/api/agent/submitApplications.do', {
    isShare: 0,
    agentName: name,
    phone: account.phone,
    gradeId,
    password: account.password,
    inviterPhone,
  });
  expect(reply.errorType, reply.msg).toBe('SUCCESS');
  return account;
}

/** The latest SMS the local provider sent to a phone (GET /dev/sms-outbox). */
export async function latestSms(request: APIRequestContext, phone: string) {
  const res = await request.get(`/dev/sms-outbox?phone=${phone}`);
  expect(res.status(), `no SMS for ${phone}`).toBe(200);
  return (await res.json()) as { phone: string; code: string; funcType: number; sentAt: string };
}

/** Opens the region picker, taps province, city and district in their wheels (touch, as on a phone), confirms. */
export async function pickRegion(page: Page, names: [string, string, string]) {
  await page.getByRole('button', { name: '所在地区' }).click();
  const popup = page.locator('.adm-picker');
  await expect(popup).toBeVisible();
  for (const [i, name] of names.entries()) {
    const column = popup.locator('.adm-picker-view-column').nth(i);
    await column.locator('.adm-picker-view-column-item', { hasText: new RegExp(`^${name}$`) }).tap();
    await expect(column.locator('.adm-picker-view-column-item-active')).toHaveText(name);
  }
  await popup.getByText('确定', { exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: '所在地区' })).toHaveText(names.join(' '));
}

/** POST as the logged-in page, with the page's own session. */
export async function asPage(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { accessToken: token } });
    const body = (await res.json()) as { errorType: string; msg: string; obj: any; objs: any[] };
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}

/** An unpaid order of 张明 for one bottle of the demo fish oil, saved through the API as the settlement saves it. */
export async function placeOrder(page: Page, opts: { payType?: 1 | 2 | 3 | 4 } = {}) {
  const post = await asPage(page);
  const address = await post('/api/order/saveOrderLogisticsAddress.do', {
    receiverNmae: '张明',
    receiverPhone: '13800000001',
    provinceCode: '440000',
    cityCode: '440300',
    districtCode: '440305',
    address: '科技园南区1栋',
    isDefAddr: 1,
  });
  const zone = await post('/api/prod/selectProdListByType.do', { prodType: 1, phonePage: { pageSize: 50, pageNum: 1 } });
  const product = zone.objs.find((p) => p.prodName === '深海鱼油软胶囊');
  const detail = await post('/api/prod/selectProdInfoById.do', { prodId: product.prodId });
  const spec = detail.obj.prodSingleProductBos.find((s: any) => s.specDispStr === '120粒/瓶');
  const saved = await post('/api/order/saveOrderInfo.do', {
    orderType: 1,
    payType: opts.payType ?? 1,
    addressId: address.obj.id,
    orderProductDetailBos: [{ singleProdId: spec.singleProdId, buyNum: 1 }],
    idempotencyKey: crypto.randomUUID(),
  });
  return saved.obj as { id: number; orderCode: string };
}

/** A screenshot at the phone's size for an issue's note, only when E2E_SHOTS names a folder (never in CI). */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}
