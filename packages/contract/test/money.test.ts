import { describe, expect, it } from 'vitest';
import { fenToYuan, formatWan, yuanAmount, yuanOut, yuanToFen } from '../src/index.js';

describe('yuanToFen', () => {
  it.each([
    ['12.3', 1230],
    ['0.01', 1],
    ['12.30', 1230],
    [' 12.3 ', 1230],
    ['0', 0],
    ['100', 10_000],
    ['99999999.99', 9_999_999_999],
    [12.34, 1234],
    [0.07, 7],
    [1.1, 110],
    [19.99, 1999],
    [0, 0],
  ])('parses %j to %d fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each([['-1'], ['1.234'], ['abc'], [''], ['12.'], ['.5'], ['01'], ['1,000'], ['1e3'], [-1], [0.1 + 0.2], [1.005], [Number.NaN], [Infinity]])(
    'refuses %j',
    (value) => {
      expect(() => yuanToFen(value)).toThrow(RangeError);
    },
  );
});

describe('fenToYuan', () => {
  it.each([
    [1230, '12.30'],
    [5, '0.05'],
    [-150, '-1.50'],
    [0, '0.00'],
    [100, '1.00'],
    [1, '0.01'],
    [-5, '-0.05'],
    [9_999_999_999, '99999999.99'],
  ])('shows %d fen as "%s"', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it('refuses a fraction of a fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });

  it('round-trips with yuanToFen', () => {
    for (const fen of [0, 1, 10, 99, 100, 1230, 123_456_789]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

describe('formatWan (1万 = 10,000 yuan = 1,000,000 fen)', () => {
  it.each([
    [999_999, '9999.99'],
    [1_000_000, '1.00万'],
    [1_234_567_800, '1234.57万'],
    [1_234_499, '1.23万'],
    [1_235_000, '1.24万'],
    [50_000_000, '50.00万'],
    [1_230, '12.30'],
    [-1_234_567_800, '-1234.57万'],
    [-1_235_000, '-1.24万'],
  ])('shows %d fen as "%s"', (fen, text) => {
    expect(formatWan(fen)).toBe(text);
  });
});

describe('yuanAmount (wire input)', () => {
  it('parses yuan text or numbers to fen', () => {
    expect(yuanAmount().parse('12.3')).toBe(1230);
    expect(yuanAmount().parse(0.5)).toBe(50);
  });

  it.each([['-1'], ['1.234'], ['abc'], [null], [{}]])('refuses %j with the amount message', (value) => {
    const result = yuanAmount().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('请输入正确的金额');
    expect(yuanAmount('充值金额有误').safeParse(value).error!.issues[0]!.message).toBe('充值金额有误');
  });

  it('yuanOut shows fen as yuan text', () => {
    expect(yuanOut.parse(1230)).toBe('12.30');
    expect(yuanOut.safeParse(12.5).success).toBe(false);
  });
});
