import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scanFrames } from './frame-loop.js';

describe('scanFrames (the camera read every ~150 ms until a code shows)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads while nothing is found, then hands the text on once and reads no more', async () => {
    const answers: (string | null)[] = [null, null, 'https://shop.example.com/traceaSel?code=TC2026000001'];
    const read = vi.fn(async () => (answers.length ? answers.shift()! : 'never'));
    const onText = vi.fn();
    scanFrames(read, onText, 150);

    await vi.advanceTimersByTimeAsync(1000);
    expect(onText).toHaveBeenCalledExactlyOnceWith('https://shop.example.com/traceaSel?code=TC2026000001');
    await vi.advanceTimersByTimeAsync(2000);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads about every 150 ms, not in a busy loop, while no code is in view', async () => {
    const read = vi.fn(async () => null);
    scanFrames(read, vi.fn(), 150);
    await vi.advanceTimersByTimeAsync(1000);
    // reads at 0, 150, ... 900 ms: 7, give or take the decode's own time
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(read.mock.calls.length).toBeLessThanOrEqual(7);
  });

  it('stops reading when stopped (取消 or unmount) and never reports a late answer', async () => {
    let finish: (v: string) => void = () => {};
    const read = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const onText = vi.fn();
    const stop = scanFrames(read, onText, 150);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    finish('TC2026000001');
    await vi.advanceTimersByTimeAsync(1000);
    expect(onText).not.toHaveBeenCalled();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps reading after a frame that fails to decode', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('frame not ready')).mockResolvedValueOnce('FW8K2M9Q4T');
    const onText = vi.fn();
    scanFrames(read, onText, 150);
    await vi.advanceTimersByTimeAsync(200);
    expect(onText).toHaveBeenCalledExactlyOnceWith('FW8K2M9Q4T');
  });
});
