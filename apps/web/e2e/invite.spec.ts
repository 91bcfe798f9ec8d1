import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect } from '@playwright/test';
import { test } from './axe';
import { DEMO, loginAs, shot, toast } from './helpers';
import { loginInWeChat, WECHAT_UA } from './first-top-up';

// Inviting friends inside WeChat (share card preset, the menu hint), a copyable link and a poster with a
// QR code of the link, drawn on the device; outside WeChat no 「操作失败」.
const inviteLink = (origin: string) => `${origin}/register?inviterAgentPhone=${DEMO.inviter.phone}&v=1`;

/** The text of the QR code in a PNG data URL. */
async function qrText(dataUrl: string) {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_UA, viewport: { width: 375, height: 812 } });

  test('1.8 the menu hint, the copyable invite link and a long-press poster whose QR code opens the invite link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await loginInWeChat(page, DEMO.inviter.phone, DEMO.password);
    await page.goto('/share');
    const link = inviteLink(new URL(page.url()).origin);

    await page.getByRole('button', { name: '分享给好友' }).click();
    const hint = page.getByRole('dialog', { name: '分享提示' });
    await expect(hint).toContainText('点击右上角 ··· 分享给好友');
    await shot(page, '18-1.8-wechat-hint');
    await expect(toast(page)).toHaveCount(0);
    await hint.getByRole('button', { name: '知道了' }).click();
    await expect(hint).toBeHidden();

    await expect(page.getByTestId('invite-link')).toHaveText(link);
    await page.getByRole('button', { name: '复制链接' }).click();
    await expect(toast(page)).toHaveText('复制成功');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.getByRole('button', { name: '生成海报' }).click();
    const poster = page.getByRole('img', { name: `${DEMO.inviter.name}的邀请海报，含注册二维码` });
    await expect(poster).toBeVisible();
    const src = (await poster.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    expect(await qrText(src)).toBe(link);
    await expect(page.getByText('长按图片保存到相册，或发送给好友')).toBeVisible();
    await poster.scrollIntoViewIfNeeded();
    await shot(page, '18-1.8-poster');

    // The card's image exists and is a PNG.
    const logo = await page.request.get('/share-logo.png');
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toContain('image/png');
  });
});

test('1.8 outside WeChat 分享给好友 never says 操作失败, and the link copies', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await loginAs(page, DEMO.inviter.phone, DEMO.password);
  await page.goto('/share');
  await page.getByRole('button', { name: '分享给好友' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消', exact: true }).click();
  await expect(toast(page)).toHaveText('已取消分享');
  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(toast(page)).toHaveText('复制成功');
});
