import { expect } from '@playwright/test';
import { test } from './axe';
import { expectToast, fill, loginAs, toast, shot } from './helpers';

/** Demo codes and agents (apps/api/src/db/seed/lookups-content.ts). */
const TRACE = 'TC2026000001';
const REVIEW = 'FW8K2M9Q4T';
const NETWORK_TOP = { phone: '13800000005', password: 'demo1234' };

test.describe.configure({ mode: 'serial' });

test('trace and anti-counterfeit lookups while logged out', async ({ page }) => {
  await page.goto('/traceaSel');
  await expect(page).toHaveURL(/\/traceaSel$/); // public: no redirect to /login
  await page.getByRole('button', { name: '查询' }).click();
  await expectToast(page, '请输入追溯码');
  await fill(page, '追溯码', 'TC0000000000');
  await page.getByRole('button', { name: '查询' }).click();
  await expectToast(page, '追溯码不存在');

  // A pasted link is reduced to what follows 'code='.
  await fill(page, '追溯码', `https://example.com/traceaSel?code=${TRACE}`);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`/traceability\\?traceCode=${TRACE}$`));
  await expect(page.getByText('您查询的商品为正品')).toBeVisible();
  await expect(page.getByText(`追溯码：${TRACE}`)).toBeVisible();
  const owner = page.getByRole('region', { name: '归属信息' });
  await expect(owner).toContainText('代理商');
  await expect(owner).toContainText('张明');
  await expect(owner).toContainText('钻石代理');
  await expect(owner).toContainText('138****0001');

  await page.getByRole('link', { name: '防伪查询' }).click();
  await expect(page).toHaveURL(/\/check$/);
  await fill(page, '防伪码', 'FW0000000000');
  await page.getByRole('button', { name: '查询' }).click();
  await expectToast(page, '防伪码输入错误');

  await fill(page, '防伪码', REVIEW);
  await page.getByRole('button', { name: '查询' }).click();
  const result = page.getByRole('region', { name: '防伪查询结果' });
  await expect(result).toContainText('您查询的防伪码为正品，此码为首次查询');
  await expect(result).toContainText('查询次数：1次');

  // The same code again: the copied-code warning with the count and the first time.
  await page.getByRole('button', { name: '查询' }).click();
  await expect(result).toContainText('该防伪码已被查询2次');
  await expect(result).toContainText('请谨防假冒');
  await expect(page.getByRole('list', { name: '查询记录' }).getByRole('listitem')).toHaveCount(2);
});

test('authorization by phone while logged out, with the certificate image', async ({ page }) => {
  await page.goto('/authorization');
  await page.getByRole('button', { name: '查询' }).click();
  await expectToast(page, '请输入代理商手机号码');
  await fill(page, '手机号码', '13911112222');
  await page.getByRole('button', { name: '查询' }).click();
  await expectToast(page, '代理商不存在');

  await fill(page, '手机号码', '13800000004');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/\/agent\?selPhone=13800000004$/);
  const info = page.getByRole('region', { name: '代理信息' });
  await expect(info).toContainText('赵强');
  await expect(info).toContainText('金卡代理');
  await expect(info).toContainText('138****0004');
  await page.getByRole('tab', { name: '授权证书' }).click();
  const cert = page.getByRole('img', { name: '赵强的授权证书' });
  await expect(cert).toBeVisible();
  await expect.poll(() => cert.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
});

test('materials: tabs, copy text, image preview, the looping muted video', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, NETWORK_TOP.phone, NETWORK_TOP.password);
  await page.getByRole('button', { name: '素材中心' }).click();
  await expect(page).toHaveURL(/\/source$/);
  await expect(page.getByRole('tab', { name: '产品素材' })).toHaveAttribute('aria-selected', 'true');
  const first = page.locator('.material-card').first();
  await expect(first).toContainText('益生菌固体饮料，每日一袋');
  await expect(first.locator('time')).toHaveText(/刚刚|秒前|分钟前/);

  await first.getByRole('button', { name: '复制文字' }).click();
  await expectToast(page, '复制成功');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('益生菌固体饮料，每日一袋');

  await first.getByRole('button', { name: '查看第1张图片' }).click();
  await expect(page.locator('.adm-image-viewer-content')).toBeVisible();
  // A tap on the picture closes the preview.
  // (tapped again if the first tap landed while the viewer was still opening on a loaded machine)
  await expect(async () => {
    await page.touchscreen.tap(187, 406);
    await expect(page.locator('.adm-image-viewer-content')).toBeHidden({ timeout: 1500 });
  }).toPass({ timeout: 10_000 });

  // The video plays by itself, muted, looping, inside the page.
  await page.getByRole('tab', { name: '活动海报' }).click();
  const video = page.locator('video.material-video');
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('loop', true);
  await expect(video).toHaveAttribute('playsinline', '');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);

  await page.getByRole('tab', { name: '朋友圈文案' }).click();
  await expect(page.locator('.material-card').first()).toContainText('早安');
});

test('notices: search by name and the empty text', async ({ page }) => {
  await loginAs(page, NETWORK_TOP.phone, NETWORK_TOP.password);
  await page.goto('/information');
  await expect(page.locator('.notice-row').first()).toBeVisible();
  await page.getByLabel('搜索公告').fill('维护');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.locator('.notice-row')).toHaveCount(1);
  await expect(page.locator('.notice-row')).toContainText('系统升级维护公告');
  await page.locator('.notice-row').click();
  await expect(page).toHaveURL(/\/notice\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '系统升级维护公告' })).toBeVisible();

  await page.goBack();
  await page.getByLabel('搜索公告').fill('没有这样的公告');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('暂无公告资讯')).toBeVisible();
  await expect(toast(page)).toHaveCount(0);
});

test('performance per month with the detail of one month', async ({ page }) => {
  await loginAs(page, NETWORK_TOP.phone, NETWORK_TOP.password);
  await page.goto('/my');
  await page.getByRole('link', { name: '我的业绩' }).click();
  await expect(page).toHaveURL(/\/performance$/);
  await expect(page.getByRole('region', { name: '累计业绩' })).not.toContainText('--');
  const months = page.locator('.performance-row');
  await expect(months.first()).toBeVisible();
  expect(await months.count()).toBeGreaterThanOrEqual(5);
  // Each month row shows the chevron of a row that leads on.
  for (const row of await months.all()) await expect(row.locator('.performance-row-arrow')).toBeVisible();
  await shot(page, '13-performance');
  const label = (await months.first().locator('span').first().textContent())!;
  await months.first().click();
  await expect(page).toHaveURL(/\/monthPerformance\?/);
  await expect(page.getByRole('region', { name: '月度业绩' })).toContainText(label);
  await expect(page.locator('.performance-detail').first()).toBeVisible();
  await expect(page.locator('.performance-detail em.lower').first()).toHaveText('下级');
});
