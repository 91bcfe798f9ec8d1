import { describe, expect, it } from 'vitest';
import { adjustAgentBalance, adjustmentUnits, firstMessage, freezeStore, saveProductSpec, signedYuanToFen, yuanAmount } from '../src/index.js';

const BAD = [' - 5', '- 5', '5.', '1e3', '0x10', '5.001', '--5', '+5', '5 5', '', ' ', '.5', '05', '1,000', 'Infinity', 'NaN'];

describe('staff amounts parse as strictly as the agents\' (review 1.6)', () => {
  it.each(BAD)('the one amount schema refuses %j with its message', (text) => {
    for (const sign of ['nonNegative', 'positive', 'signed'] as const) {
      const r = yuanAmount('金额有误', sign).safeParse(text);
      expect(r.success).toBe(false);
      expect(firstMessage(r.error!)).toBe('金额有误');
    }
  });

  it('a negative amount only where the field is signed; numbers as the agents send them', () => {
    expect(yuanAmount('x').safeParse('-5').success).toBe(false);
    expect(yuanAmount('x', 'positive').safeParse('0').success).toBe(false);
    expect(yuanAmount('x', 'signed').parse('-5')).toBe(-500);
    expect(yuanAmount('x', 'signed').parse(' -12.3 ')).toBe(-1230);
    expect(yuanAmount('x').parse(12.34)).toBe(1234);
    expect(yuanAmount('x').safeParse(5.001).success).toBe(false);
    expect(signedYuanToFen('-0')).toBe(0);
    expect(() => signedYuanToFen('- 5')).toThrow();
  });

  it.each(BAD.filter((t) => t.trim()))('an adjustment of goods fund or points refuses %j', (text) => {
    expect(adjustmentUnits('store', text)).toBe('请输入正确的金额（最多两位小数，减少请输入负数）');
    if (text !== '05') expect(typeof adjustmentUnits('integral', text)).toBe('string');
    const r = adjustAgentBalance.input.safeParse({ agentId: 1, account: 'store', amount: text, reason: '测试', idempotencyKey: 'k1' });
    expect(r.success).toBe(false);
  });

  it('an adjustment keeps its sign and refuses a spaced one', () => {
    expect(adjustmentUnits('store', '-5')).toBe(-500);
    expect(adjustmentUnits('store', ' -2.34 ')).toBe(-234);
    expect(adjustmentUnits('integral', '-7')).toBe(-7);
    expect(adjustmentUnits('integral', ' - 7')).toBe('积分须为整数（减少请输入负数）');
  });

  it('the other console amounts (freeze, product prices) refuse the same texts', () => {
    for (const text of BAD) {
      expect(freezeStore.input.safeParse({ agentPhone: '13800000001', frozenMoney: text, releaseDate: '2026-12-01', idempotencyKey: 'k' }).success).toBe(false);
      const spec = { prodId: 1, specName: '规格', retailPrice: '10', gradePrices: [{ gradeId: 1, price: '8' }], weight: 100 };
      expect(saveProductSpec.input.safeParse(spec).success).toBe(true);
      expect(saveProductSpec.input.safeParse({ ...spec, retailPrice: text }).success).toBe(false);
      expect(saveProductSpec.input.safeParse({ ...spec, gradePrices: [{ gradeId: 1, price: text }] }).success).toBe(false);
      expect(saveProductSpec.input.safeParse({ ...spec, touchMoney: text }).success).toBe(false);
    }
  });
});
