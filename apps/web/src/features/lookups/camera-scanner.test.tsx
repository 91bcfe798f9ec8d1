import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanButton } from './scan-button.js';
import { CAMERA_REFUSED } from './scan-code.js';

// No QR encoder is installed to make a real image: jsQR stands in and answers what the "camera" shows.
const shown = vi.hoisted(() => ({ text: null as string | null }));
vi.mock('jsqr', () => ({ default: vi.fn(() => (shown.text === null ? null : { data: shown.text })) }));

const track = { stop: vi.fn(), readyState: 'live' };
const getUserMedia = vi.fn();

beforeAll(() => {
  // jsdom has no camera, no video playback and no canvas pixels.
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1280 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 720 });
  const context = { drawImage: vi.fn(), getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }) };
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => context });
});

beforeEach(() => {
  shown.text = null;
  track.stop.mockClear();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  delete window.BarcodeDetector;
});
afterEach(() => {
  cleanup();
  document.querySelectorAll('.app-toast').forEach((el) => el.remove());
});

async function openScanner(onCode = vi.fn()) {
  render(<ScanButton onCode={onCode} />);
  fireEvent.click(screen.getByRole('button', { name: '扫一扫' }));
  expect(await screen.findByRole('dialog', { name: '扫描二维码' }, { timeout: 5000 })).toBeTruthy();
  await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false }));
  return onCode;
}

describe('扫一扫 outside WeChat: the camera read by jsQR (spec 3 §4)', { timeout: 15_000 }, () => {
  it('a QR holding a link with code= fills in what follows code= and closes the camera', async () => {
    const onCode = await openScanner();
    shown.text = 'https://shop.example.com/traceaSel?code=TC2026000001';
    await waitFor(() => expect(onCode).toHaveBeenCalledExactlyOnceWith('TC2026000001'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扫描二维码' })).toBeNull());
    expect(track.stop).toHaveBeenCalled();
  });

  it('a QR that holds no code says 二维码错误 and gives no code', async () => {
    const onCode = await openScanner();
    shown.text = 'https://weixin.qq.com/r/abcdef';
    expect((await screen.findByRole('alert')).textContent).toBe('二维码错误');
    expect(onCode).not.toHaveBeenCalled();
  });

  it('取消 closes the scanner and stops the camera', async () => {
    await openScanner();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扫描二维码' })).toBeNull());
    expect(track.stop).toHaveBeenCalled();
  });

  it('a refused camera closes the scanner and asks for the code to be typed', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<ScanButton onCode={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '扫一扫' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe(CAMERA_REFUSED);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '扫描二维码' })).toBeNull());
  });

  it('uses the browser BarcodeDetector when it reads QR codes, without jsQR', async () => {
    const jsQR = (await import('jsqr')).default;
    vi.mocked(jsQR).mockClear();
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
      detect = () => Promise.resolve([{ rawValue: 'FW8K2M9Q4T' }]);
    }
    window.BarcodeDetector = FakeDetector;
    const onCode = await openScanner();
    await waitFor(() => expect(onCode).toHaveBeenCalledExactlyOnceWith('FW8K2M9Q4T'));
    expect(jsQR).not.toHaveBeenCalled();
  });
});
