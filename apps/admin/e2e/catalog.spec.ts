import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from './console';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');
// Two demo agents of different grades: 张明 钻石代理, 赵强 金卡代理 (apps/api/src/db/seed/demo-data.ts).
const DIAMOND = { phone: '13800000001', password: 'demo1234' };
const GOLD = { phone: '13800000004', password: 'demo1234' };
/** Prices per grade (体验, 银卡, 金卡, 钻石) of the two specs: the card shows the cheaper spec for the viewer's grade. */
const SPECS = [
  { name: '小盒装', retail: '199.00', prices: ['150.00', '140.00', '130.00', '120.00'], weight: 300, stock: 50 },
  { name: '大盒装', retail: '359.00', prices: ['300.00', '280.00', '260.00', '240.00'], weight: 800, stock: 20 },
];

/** The agent's /home on a phone (a second browser context at 375×812). */
async function agentHome(browser: Browser, baseURL: string, agent: { phone: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await context.newPage();
  await phone.goto('/login');
  await phone.getByLabel('账号', { exact: true }).fill(agent.phone);
  await phone.getByLabel('密码', { exact: true }).fill(agent.password);
  await phone.getByRole('button', { name: '登录', exact: true }).click();
  await expect(phone).toHaveURL(/\/home$/);
  return phone;
}

/** The product's card on /home at the given price; the zone list may be up to 3 s old (ADR 0008), so reload until it shows. */
async function expectCard(phone: Page, name: string, price: string) {
  await expect(async () => {
    await phone.reload();
    const card = phone.locator('.prod-card').filter({ hasText: name });
    await expect(card.locator('.price')).toHaveText(`¥${price}`, { timeout: 1_500 });
  }).toPass({ timeout: 15_000, intervals: [500, 1_000] });
}

test('an operator creates a product with two specs and grade prices, puts it on shelf, and two grades see their prices on /home', async ({ page, browser, baseURL }) => {
  const name = `控制台新品${Date.now() % 100000}`;
  await loginAs(page, 'operator');
  await page.goto('/admin/catalog/products');
  await page.getByRole('button', { name: '新建商品' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/new$/);
  // The list (whose search box is also labelled 商品名称) stays on screen until the editor's code has loaded.
  await expect(page.getByRole('button', { name: '保存商品' })).toBeVisible();

  // Saving without a picture tells what is missing.
  await page.getByLabel('商品名称').fill(name);
  await page.getByRole('button', { name: '保存商品' }).click();
  await expect(page.getByText('请至少上传一张商品图片')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('product-image')).toHaveCount(1);
  await page.getByLabel('商品详情').fill('精选原料，每日一包');
  await page.getByRole('switch', { name: '上架' }).click();
  await page.getByRole('button', { name: '保存商品' }).click();
  await expect(page.getByText('商品已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/\d+$/);

  for (const spec of SPECS) {
    await page.getByRole('button', { name: '新增规格' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新增规格' });
    await drawer.getByLabel('规格名称').fill(spec.name);
    await drawer.getByLabel('零售价（元）').fill(spec.retail);
    // A missing grade price is refused before anything is sent.
    await drawer.getByRole('button', { name: '保存规格' }).click();
    await expect(drawer.getByText('请输入正确的等级价（大于0，最多两位小数）').first()).toBeVisible();
    for (const [i, grade] of ['体验代理', '银卡代理', '金卡代理', '钻石代理'].entries()) await drawer.getByLabel(`${grade}价（元）`).fill(spec.prices[i]!);
    await drawer.getByLabel('重量（克）').fill(String(spec.weight));
    await drawer.getByLabel('初始库存').fill(String(spec.stock));
    await drawer.getByRole('button', { name: '保存规格' }).click();
    await expect(page.getByRole('row').filter({ hasText: spec.name })).toContainText(`¥${spec.prices[3]}`);
  }

  // A recorded stock change: +10 with a reason, shown in the history.
  const small = page.getByRole('row').filter({ hasText: SPECS[0]!.name });
  await small.getByRole('button', { name: '调整库存' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '调整库存' });
  await modal.getByLabel('调整数量').fill('10');
  await modal.getByLabel('原因').fill('到货入库');
  await modal.getByRole('button', { name: '确认调整' }).click();
  await expect(page.getByText('库存已调整：50 → 60')).toBeVisible();
  await expect(modal.getByRole('row').filter({ hasText: '到货入库' })).toContainText('+10');
  await modal.getByRole('button', { name: /取\s*消/ }).click();

  // The list shows it on shelf with both specs' stock.
  await page.goto('/admin/catalog/products');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('80');
  await expect(row.getByRole('switch')).toBeChecked();

  const diamond = await agentHome(browser, baseURL!, DIAMOND);
  const gold = await agentHome(browser, baseURL!, GOLD);
  try {
    await expectCard(diamond, name, SPECS[0]!.prices[3]!);
    await expectCard(gold, name, SPECS[0]!.prices[2]!);
  } finally {
    await diamond.context().close();
    await gold.context().close();
  }
});
