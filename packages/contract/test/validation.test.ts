import { describe, expect, it } from 'vitest';
import { firstMessage, MOBILE_INVALID, MOBILE_PATTERN, mobile, required } from '../src/index.js';

describe('mobile number (spec 1 §5)', () => {
  it.each(['13800000001', '14912345678', '15012345678', '16612345678', '17712345678', '18812345678', '19912345678'])(
    'accepts %s',
    (phone) => {
      expect(MOBILE_PATTERN.test(phone)).toBe(true);
      expect(mobile().parse(phone)).toBe(phone);
    },
  );

  it.each(['12800000001', '10800000001', '23800000001', '1380000000', '138000000012', '1380000000a', '138 0000 001', '+8613800000001'])(
    'refuses %s with "请输入正确的手机号"',
    (phone) => {
      expect(MOBILE_PATTERN.test(phone)).toBe(false);
      const result = mobile().safeParse(phone);
      expect(result.success).toBe(false);
      expect(firstMessage(result.error!)).toBe('请输入正确的手机号');
    },
  );

  it('asks for the number when it is missing, empty or blank', () => {
    for (const value of [undefined, null, '', '   ', 13800000001]) {
      expect(firstMessage(mobile().safeParse(value).error!)).toBe('手机号不能为空');
    }
    expect(firstMessage(mobile('请输入手机号').safeParse('').error!)).toBe('请输入手机号');
    expect(MOBILE_INVALID).toBe('请输入正确的手机号');
  });

  it('trims surrounding spaces', () => {
    expect(mobile().parse(' 13800000001 ')).toBe('13800000001');
  });
});

describe('required', () => {
  it('answers its message for missing, empty and blank text, and trims', () => {
    const name = required('请输入姓名');
    for (const value of [undefined, '', '  \t ']) expect(firstMessage(name.safeParse(value).error!)).toBe('请输入姓名');
    expect(name.parse('  张明 ')).toBe('张明');
  });
});

describe('firstMessage', () => {
  it('answers the first issue', () => {
    expect(firstMessage({ issues: [{ message: 'a' }, { message: 'b' }] } as never)).toBe('a');
  });

  it('falls back to the generic message', () => {
    expect(firstMessage({ issues: [] } as never)).toBe('请求参数有误');
  });
});
