import { describe, expect, it } from 'vitest';
import { transferRefusal, withdrawalRefusal } from '../src/funds-rules.js';

/** spec 3 §5: the one rule the withdrawal and transfer forms check as the agent types, and the server on submit. */
describe('withdrawalRefusal', () => {
  const rule = { isAllWithdraw: 1, min: 10_000, base: 10_000 }; // 最低100.00，100.00的整数倍
  const balance = 800_000;

  it('refuses below the minimum, off the multiple, and over the balance, with the server messages', () => {
    expect(withdrawalRefusal(rule, balance, 15_000)).toBe('提现金额须为100.00的整数倍');
    expect(withdrawalRefusal(rule, balance, 5_000)).toBe('提现金额不能低于100.00元');
    expect(withdrawalRefusal(rule, balance, balance + 10_000)).toBe('您的总分余额不足');
    expect(withdrawalRefusal(rule, balance, 100_000)).toBeNull();
  });

  it('asks for the whole balance when isAllWithdraw is 0', () => {
    expect(withdrawalRefusal({ ...rule, isAllWithdraw: 0 }, balance, 100_000)).toBe('请提现全部余额');
    expect(withdrawalRefusal({ ...rule, isAllWithdraw: 0 }, balance, balance)).toBeNull();
  });
});

describe('transferRefusal', () => {
  it('refuses more than the balance only', () => {
    expect(transferRefusal(10_000, 10_001)).toBe('您的总分余额不足');
    expect(transferRefusal(10_000, 10_000)).toBeNull();
  });
});
