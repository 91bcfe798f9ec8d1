import { describe, expect, it } from 'vitest';
import { scannedCode } from './scan-code.js';

describe('scannedCode (spec 3 §4: the code= rule, 二维码错误 for a wrong QR)', () => {
  it('takes a bare code, or what follows code= in a link', () => {
    expect(scannedCode('TC2026000001')).toBe('TC2026000001');
    expect(scannedCode('https://shop.example.com/traceaSel?code=TC2026000001')).toBe('TC2026000001');
    expect(scannedCode('https://shop.example.com/check?code=FW8K2M9Q4T&from=box')).toBe('FW8K2M9Q4T');
  });

  it('refuses what is not a code: a plain link, words, an empty code', () => {
    expect(scannedCode('https://weixin.qq.com/r/abcdef')).toBeNull();
    expect(scannedCode('扫码领红包')).toBeNull();
    expect(scannedCode('https://shop.example.com/traceaSel?code=')).toBeNull();
  });
});
