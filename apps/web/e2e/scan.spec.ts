import { expect } from '@playwright/test';
import { expectAccessible, test } from './axe';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * 扫一扫 outside WeChat (ADR 0018): the camera opens in a full-screen sheet and 取消 stops it. Chromium's fake
 * camera shows a test pattern, not a QR code (no encoder is installed to make a .y4m of one), so reading a code is
 * covered by the unit tests with jsQR mocked (src/features/lookups/camera-scanner.test.tsx).
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    // playwright.config.ts's arguments, plus a fake camera that is granted without asking.
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

declare global {
  interface Window {
    scanStream?: MediaStream;
  }
}

for (const path of ['/traceaSel', '/check']) {
  test(`扫一扫 on ${path} opens the camera, 取消 closes it and stops the stream`, async ({ page }) => {
    const jsqrRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/jsQR-[^/]+\.js$/.test(r.url())) jsqrRequests.push(r.url());
    });
    await page.goto(path);
    await expect(page.getByRole('button', { name: '查询' })).toBeVisible();
    expect(jsqrRequests).toEqual([]); // the decoder is not part of the first screen

    await page.getByRole('button', { name: '扫一扫' }).click();
    const scanner = page.getByRole('dialog', { name: '扫描二维码' });
    await expect(scanner).toBeVisible();
    const video = scanner.locator('video');
    await expect(video).toBeVisible();
    // The camera is live and frames arrive.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused)).toBe(true);
    const tracks = await video.evaluate((v: HTMLVideoElement) => {
      window.scanStream = v.srcObject as MediaStream;
      return window.scanStream.getTracks().map((t) => `${t.kind}:${t.readyState}`);
    });
    expect(tracks).toEqual(['video:live']);
    const hasNativeQr = await page.evaluate(async () => {
      const native = (window as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
      return !!native && (await native.getSupportedFormats()).includes('qr_code');
    });
    // jsQR is fetched only when the browser cannot read QR codes itself.
    await expect.poll(() => jsqrRequests.length).toBe(hasNativeQr ? 0 : 1);
    await expectAccessible(page, `${path} with the scanner open`);

    await scanner.getByRole('button', { name: '取消' }).click();
    await expect(scanner).toBeHidden();
    await expect(page.locator('video')).toHaveCount(0);
    expect(await page.evaluate(() => window.scanStream!.getTracks().map((t) => t.readyState))).toEqual(['ended']);
  });
}
